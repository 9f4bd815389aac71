import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Forgot-password limits are counted in one statement each in the sign-in limiter's windows
 * (accounts/sessions/counted-windows.ts), so the request log they were counted from goes.
 */
export class ResetLimitsCounted1765500000023 implements MigrationInterface {
  name = 'ResetLimitsCounted1765500000023';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE password_reset_requests');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE password_reset_requests (key text NOT NULL, requested_at timestamptz NOT NULL)',
    );
    await queryRunner.query(
      'CREATE INDEX password_reset_requests_key ON password_reset_requests (key, requested_at)',
    );
  }
}
