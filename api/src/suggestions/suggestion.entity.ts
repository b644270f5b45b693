import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'suggestions' })
export class SuggestionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  /** ISO 8601 (UTC), stored as text so both databases keep it exactly. */
  @Column({ name: 'submitted_at', type: 'varchar', length: 32 })
  submittedAt: string;
}
