import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passwords and sessions: secrets that must be changeable and erasable, so they live in plain
 * tables and never in the (immutable, backed-up) event log. See
 * docs/adr/004-credentials-and-sessions-outside-the-event-log.md.
 */
export class CredentialsAndSessions1764100000000 implements MigrationInterface {
  name = 'CredentialsAndSessions1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The e-mail is the sign-in name (normalized, lower case); the user's events hold the rest.
    await queryRunner.query(`
      CREATE TABLE user_credentials (
        user_id uuid PRIMARY KEY,
        email text NOT NULL,
        password_hash text NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT user_credentials_email_unique UNIQUE (email)
      )`);
    // Only a hash of the session token is stored: a copy of this table opens no session.
    await queryRunner.query(`
      CREATE TABLE user_sessions (
        id uuid PRIMARY KEY,
        token_hash text NOT NULL,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        CONSTRAINT user_sessions_token_hash_unique UNIQUE (token_hash)
      )`);
    await queryRunner.query('CREATE INDEX user_sessions_user_id ON user_sessions (user_id)');
    await queryRunner.query('CREATE INDEX user_sessions_expires_at ON user_sessions (expires_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE user_sessions');
    await queryRunner.query('DROP TABLE user_credentials');
  }
}
