import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The append-only event log of the Postgres event store. */
export class EventStore1764000000000 implements MigrationInterface {
  name = 'EventStore1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE event_streams (
        stream_id text PRIMARY KEY,
        version bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // transaction_id lets readers see only events whose transaction can no longer be followed by an
    // earlier-positioned commit (positions are handed out before commit, commits can land out of order).
    await queryRunner.query(`
      CREATE TABLE events (
        position bigserial PRIMARY KEY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream_id text NOT NULL,
        version bigint NOT NULL,
        event_id uuid NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_stream_version_unique UNIQUE (stream_id, version),
        CONSTRAINT events_event_id_unique UNIQUE (event_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE events');
    await queryRunner.query('DROP TABLE event_streams');
  }
}
