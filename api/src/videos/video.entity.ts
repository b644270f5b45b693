import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'videos' })
@Index('UQ_videos_url_key', ['urlKey'], { unique: true })
export class VideoEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 512 })
  title: string;

  /** As entered (trimmed); '' when unknown. */
  @Column({ type: 'varchar', length: 2048, default: '' })
  url: string;

  /**
   * SHA-256 (hex) of canonicalVideoUrl(url), NULL when the URL is empty. Unique: one row per video
   * whatever URL form was typed. A hash because MySQL cannot index a 2048-character column.
   */
  @Column({ name: 'url_key', type: 'varchar', length: 64, nullable: true })
  urlKey: string | null;

  /** YYYY-MM-DD, or ''. */
  @Column({ type: 'varchar', length: 10, default: '' })
  date: string;

  /** The collab event it belongs to (docs/product.md "Collab events"), or null. */
  @Column({ name: 'event_id', type: 'integer', nullable: true })
  eventId?: number | null;
}
