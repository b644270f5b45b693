import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'creators' })
@Index('UQ_creators_name_key', ['nameKey'], { unique: true })
export class CreatorEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** normalizeName(name): unique, so names are unique case-insensitively on every database. */
  @Column({ name: 'name_key', type: 'varchar', length: 255 })
  nameKey: string;

  /** '' when the creator has no photo of its own: the API then answers the generated avatar. */
  @Column({ type: 'varchar', length: 2048, default: '' })
  photo: string;
}
