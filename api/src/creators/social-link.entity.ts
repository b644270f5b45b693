import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'social_links' })
export class SocialLinkEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'creator_id', type: 'integer' })
  creatorId: number;

  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'varchar', length: 20 })
  platform: string;

  @Column({ type: 'varchar', length: 2048 })
  url: string;
}
