import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outcome of every results poll (time, ok or the error, matches that could not be read), so
 * the Live Results card and the admins' digest show provider trouble, whichever instance polled.
 */
export class ResultsPolls1765500000003 implements MigrationInterface {
  name = 'ResultsPolls1765500000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE results_polls (
        id bigserial PRIMARY KEY,
        polled_at timestamptz NOT NULL,
        ok boolean NOT NULL,
        error text,
        unreadable integer NOT NULL DEFAULT 0
      )`);
    await queryRunner.query('CREATE INDEX results_polls_polled ON results_polls (polled_at DESC, id DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE results_polls');
  }
}
