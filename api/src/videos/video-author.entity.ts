import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Authorship: the primary key forbids a creator twice on one video; position keeps the order, and no
 * two authors of a video share one.
 */
@Entity({ name: 'video_authors' })
@Index('UQ_video_authors_position', ['videoId', 'position'], { unique: true })
export class VideoAuthorEntity {
  @PrimaryColumn({ name: 'video_id', type: 'integer' })
  videoId: number;

  @PrimaryColumn({ name: 'creator_id', type: 'integer' })
  creatorId: number;

  @Column({ type: 'integer' })
  position: number;

  /** Evidence (shared EvidenceSource): how the link was made, the text that matched, confidence, when. */
  @Column({ type: 'varchar', length: 16, default: 'manual' })
  source?: string;

  @Column({ type: 'varchar', length: 300, default: '' })
  evidence?: string;

  @Column({ type: 'varchar', length: 8, default: '' })
  confidence?: string;

  @Column({ name: 'linked_at', type: 'varchar', length: 24, default: '' })
  linkedAt?: string;

  /** host, featured or guest (shared AUTHOR_ROLES). */
  @Column({ type: 'varchar', length: 16, default: 'guest' })
  role?: string;

  /** The name as the video credits it when it differs from the creator's; else null. */
  @Column({ name: 'credited_as', type: 'varchar', length: 255, nullable: true })
  creditedAs?: string | null;
}
