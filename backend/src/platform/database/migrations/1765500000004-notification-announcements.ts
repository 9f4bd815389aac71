import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One-off messages from the pool host are a kind of their own, with the player's choice per
 * channel like reminders and results (on unless they turn it off).
 */
export class NotificationAnnouncements1765500000004 implements MigrationInterface {
  name = 'NotificationAnnouncements1765500000004';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notification_settings
      ADD COLUMN announcement_email boolean NOT NULL DEFAULT true,
      ADD COLUMN announcement_push boolean NOT NULL DEFAULT true`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE notification_settings DROP COLUMN announcement_email, DROP COLUMN announcement_push',
    );
  }
}
