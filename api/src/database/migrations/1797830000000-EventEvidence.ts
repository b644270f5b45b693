import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Why an event's uploads were grouped (docs/product.md "Collab events"): the links the import found
 * ("“A” links “B”"), or the mutual credits an admin accepted from review; '' when grouped by hand.
 */
export class EventEvidence1797830000000 implements MigrationInterface {
  name = 'EventEvidence1797830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'events',
      new TableColumn({ name: 'evidence', type: 'varchar', length: '1000', default: "''" }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('events', 'evidence');
  }
}
