import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password reset links, kept like sessions outside the event log (docs/adr/004): only a SHA-256
 * hash of each token is stored, a token is used once (`used_at`) and expires; and the requests made
 * per e-mail and per client address, so "forgot password" can be rate-limited across instances.
 */
export class PasswordResets1765500000001 implements MigrationInterface {
  name = 'PasswordResets1765500000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE password_reset_tokens (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id)');
    await queryRunner.query(`
      CREATE TABLE password_reset_requests (
        key text NOT NULL,
        requested_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      'CREATE INDEX password_reset_requests_key ON password_reset_requests (key, requested_at)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE password_reset_requests');
    await queryRunner.query('DROP TABLE password_reset_tokens');
  }
}
