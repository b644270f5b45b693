import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One membership period of a creator in a group, both days included; `to` NULL while it lasts. */
@Entity({ name: 'group_members' })
@Index('IDX_group_members_group', ['groupId', 'from'])
@Index('IDX_group_members_creator', ['creatorId', 'from'])
export class GroupMemberEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'group_id', type: 'integer' })
  groupId: number;

  @Column({ name: 'creator_id', type: 'integer' })
  creatorId: number;

  /** YYYY-MM-DD */
  @Column({ name: 'from_date', type: 'varchar', length: 10 })
  from: string;

  /** YYYY-MM-DD, or NULL: still a member. */
  @Column({ name: 'to_date', type: 'varchar', length: 10, nullable: true })
  to: string | null;
}
