import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The scores of matches being played, as the results provider last reported them (docs/adr/016):
 * state beside the log, not events. The install's, not a pool's: a match's score is the same for
 * every pool playing its season, and holds nothing of anyone. Written by the results poller (one
 * instance at a time), read by every instance, so all show the same live table; a restart loses
 * nothing the next poll does not bring back. No projection of the official standings reads it.
 */
export class LiveScores1765500000025 implements MigrationInterface {
  name = 'LiveScores1765500000025';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE live_scores (
         season text NOT NULL,
         fixture_id text NOT NULL,
         status text NOT NULL,
         home_score integer,
         away_score integer,
         changed_at timestamptz NOT NULL,
         seen_at timestamptz NOT NULL,
         PRIMARY KEY (season, fixture_id)
       )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE live_scores');
  }
}
