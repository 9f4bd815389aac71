import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications (reminders, results digests, one-off messages; e-mail and Web Push). Which
 * reminder or digest goes to whom is decided in the event log (`notifications-period-{id}`); these
 * tables keep what is not a game fact: the pool's own secrets (VAPID keys, the key that signs
 * unsubscribe links), each player's choices and time zone, their browsers' push subscriptions, and
 * the delivery log the Email Alerts tab shows.
 */
export class Notifications1765500000002 implements MigrationInterface {
  name = 'Notifications1765500000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE pool_secrets (name text PRIMARY KEY, value text NOT NULL)`);
    await queryRunner.query(`
      CREATE TABLE notification_settings (
        user_id uuid PRIMARY KEY,
        time_zone text,
        reminder_email boolean NOT NULL DEFAULT true,
        reminder_push boolean NOT NULL DEFAULT true,
        results_email boolean NOT NULL DEFAULT true,
        results_push boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE push_subscriptions (
        endpoint text PRIMARY KEY,
        user_id uuid NOT NULL,
        p256dh text NOT NULL,
        auth text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id)');
    await queryRunner.query(`
      CREATE TABLE notification_log (
        id bigserial PRIMARY KEY,
        user_id uuid,
        recipient text NOT NULL,
        kind text NOT NULL,
        channel text NOT NULL,
        subject text NOT NULL,
        period_id integer,
        sent_at timestamptz NOT NULL,
        status text NOT NULL CHECK (status IN ('delivered', 'error')),
        error text
      )`);
    await queryRunner.query('CREATE INDEX notification_log_sent ON notification_log (sent_at DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE notification_log');
    await queryRunner.query('DROP TABLE push_subscriptions');
    await queryRunner.query('DROP TABLE notification_settings');
    await queryRunner.query('DROP TABLE pool_secrets');
  }
}
