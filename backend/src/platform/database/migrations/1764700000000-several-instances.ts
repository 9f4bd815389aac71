import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What several app instances on one database share (docs/adr/008-several-instances.md): leases
 * that elect the one instance running a background job, failed sign-in counts (rate limits hold
 * across instances), and the Socket.IO Postgres adapter's table for notices too large for NOTIFY.
 */
export class SeveralInstances1764700000000 implements MigrationInterface {
  name = 'SeveralInstances1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE cluster_leases (
        name text PRIMARY KEY,
        holder text NOT NULL,
        acquired_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE sign_in_failures (
        key text PRIMARY KEY,
        started_at timestamptz NOT NULL,
        failures integer NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX sign_in_failures_started_at ON sign_in_failures (started_at)');
    // Layout required by @socket.io/postgres-adapter (its default table name).
    await queryRunner.query(`
      CREATE TABLE socket_io_attachments (
        id bigserial UNIQUE,
        created_at timestamptz DEFAULT now(),
        payload bytea
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE socket_io_attachments');
    await queryRunner.query('DROP TABLE sign_in_failures');
    await queryRunner.query('DROP TABLE cluster_leases');
  }
}
