import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Checkpoints of the projections. Read tables themselves belong to their projection (versioned
 * DDL, built blue-green by the projection engine; see docs/adr/003-read-tables-by-projection.md).
 */
export class Projections1764000000001 implements MigrationInterface {
  name = 'Projections1764000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE projection_checkpoints (
        name text PRIMARY KEY,
        version integer NOT NULL,
        generation integer NOT NULL,
        position bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE projection_checkpoints');
  }
}
