import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A name merged into a creator (docs/architecture.md "Deliberate departures" 9), with the id the merged creator had. */
@Entity({ name: 'creator_aliases' })
export class CreatorAliasEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'creator_id', type: 'integer' })
  creatorId: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ name: 'name_key', type: 'varchar', length: 255 })
  nameKey: string;

  /** The merged-away creator's id, so its old profile link resolves to this creator. */
  @Column({ name: 'merged_creator_id', type: 'integer', nullable: true })
  mergedCreatorId: number | null;
}
