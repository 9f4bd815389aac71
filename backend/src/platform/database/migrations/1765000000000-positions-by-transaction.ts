import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Event positions follow transaction ids instead of a sequence (docs/adr/010-a-reader-that-never-skips.md):
 * `position = base + (transaction id << 20) + index`. The base lifts new positions above every
 * event already in the log (sequence-numbered ones from earlier versions, or restored ones).
 *
 * Earlier versions could skip an event under concurrent appends (a sequence position taken by a
 * transaction that committed after a later one had been read). Such an event cannot be told apart
 * from one that was applied, so every projection is rebuilt once: its stored version is cleared
 * and the engine rebuilds it blue-green at the next start.
 */
export class PositionsByTransaction1765000000000 implements MigrationInterface {
  name = 'PositionsByTransaction1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE event_positions (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        base bigint NOT NULL
      )`);
    await queryRunner.query(`
      INSERT INTO event_positions (base)
      SELECT greatest(0, coalesce(max(position), 0) - (pg_current_xact_id()::text::bigint << 20) + 1) FROM events`);
    // Nothing may take a position past the store (which computes it under the stream's lock).
    await queryRunner.query('ALTER TABLE events ALTER COLUMN position DROP DEFAULT');
    await queryRunner.query('DROP SEQUENCE IF EXISTS events_position_seq');
    await queryRunner.query('UPDATE projection_checkpoints SET version = 0');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE SEQUENCE events_position_seq OWNED BY events.position');
    await queryRunner.query(
      `SELECT setval('events_position_seq', greatest(1, (SELECT max(position) FROM events)))`,
    );
    await queryRunner.query(
      `ALTER TABLE events ALTER COLUMN position SET DEFAULT nextval('events_position_seq')`,
    );
    await queryRunner.query('DROP TABLE event_positions');
  }
}
