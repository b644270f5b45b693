import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A crew credit on a video ("Edited by …"): shown on the video, never an author. */
@Entity({ name: 'video_crew' })
export class VideoCrewEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'video_id', type: 'integer' })
  videoId: number;

  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** shared CREW_JOBS. */
  @Column({ type: 'varchar', length: 16 })
  job: string;

  @Column({ name: 'creator_id', type: 'integer', nullable: true })
  creatorId: number | null;
}
