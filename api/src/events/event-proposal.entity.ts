import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A weak grouping of two uploads (mutual credits within 48 hours), waiting for review. */
@Entity({ name: 'event_proposals' })
export class EventProposalEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The lower video id of the pair. */
  @Column({ name: 'video_a', type: 'integer' })
  videoA: number;

  @Column({ name: 'video_b', type: 'integer' })
  videoB: number;

  @Column({ type: 'varchar', length: 300, default: '' })
  evidence: string;

  @Column({ name: 'created_at', type: 'varchar', length: 24 })
  createdAt: string;
}
