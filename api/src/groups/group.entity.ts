import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An agency, group or team (docs/product.md "Groups"); `creator_groups` as GROUPS is reserved on MySQL 8. */
@Entity({ name: 'creator_groups' })
@Index('UQ_creator_groups_name_key', ['nameKey'], { unique: true })
export class GroupEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** The shared name key of `name`: unique, so two groups never share a name in any case or spacing. */
  @Column({ name: 'name_key', type: 'varchar', length: 255 })
  nameKey: string;

  /** shared GroupKind: agency, group or team. */
  @Column({ type: 'varchar', length: 16 })
  kind: string;
}
