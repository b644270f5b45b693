import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A collab event: the uploads of one collaboration by several channels (videos.event_id). */
@Entity({ name: 'events' })
export class EventEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 512 })
  title: string;

  /** Why its uploads were grouped ('' when grouped by hand). */
  @Column({ type: 'varchar', length: 1000, default: '' })
  evidence: string;
}
