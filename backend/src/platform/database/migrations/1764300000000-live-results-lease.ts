import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lease that lets one app instance at a time poll the results provider (live-results
 * context; see live-results/poller-lease.ts for why a lease row and not an advisory lock).
 */
export class LiveResultsLease1764300000000 implements MigrationInterface {
  name = 'LiveResultsLease1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE live_results_lease (
        name text PRIMARY KEY,
        holder text NOT NULL,
        expires_at timestamptz NOT NULL,
        next_poll_at timestamptz
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE live_results_lease');
  }
}
