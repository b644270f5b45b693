import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Authorship: the primary key forbids a creator twice on one video; position keeps the order. */
@Entity({ name: 'video_authors' })
export class VideoAuthorEntity {
  @PrimaryColumn({ name: 'video_id', type: 'integer' })
  videoId: number;

  @PrimaryColumn({ name: 'creator_id', type: 'integer' })
  creatorId: number;

  @Column({ type: 'integer' })
  position: number;
}
