import type { MigrationInterface, QueryRunner } from 'typeorm';

const ofThePool = `pool_id = current_setting('treble.pool', true)`;

/**
 * Each pool's deliveries are its own (docs/adr/015): the delivery log lists recipients' addresses,
 * so an admin of one pool must never read another's. The log gets the pool of the work that wrote
 * it (`treble.pool`, as the read tables) and row-level security on it; what was logged before
 * belongs to the default pool, the only one that sent anything.
 */
export class DeliveryLogPerPool1765500000024 implements MigrationInterface {
  name = 'DeliveryLogPerPool1765500000024';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notification_log ADD COLUMN pool_id text NOT NULL DEFAULT ''`);
    await queryRunner.query(
      `ALTER TABLE notification_log ALTER COLUMN pool_id SET DEFAULT current_setting('treble.pool', true)`,
    );
    await queryRunner.query('DROP INDEX notification_log_sent');
    await queryRunner.query('CREATE INDEX notification_log_sent ON notification_log (pool_id, sent_at DESC)');
    await queryRunner.query('ALTER TABLE notification_log ENABLE ROW LEVEL SECURITY');
    await queryRunner.query('ALTER TABLE notification_log FORCE ROW LEVEL SECURITY');
    await queryRunner.query(
      `CREATE POLICY pool ON notification_log USING (${ofThePool}) WITH CHECK (${ofThePool})`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP POLICY pool ON notification_log');
    await queryRunner.query('ALTER TABLE notification_log NO FORCE ROW LEVEL SECURITY');
    await queryRunner.query('ALTER TABLE notification_log DISABLE ROW LEVEL SECURITY');
    await queryRunner.query('DROP INDEX notification_log_sent');
    await queryRunner.query('CREATE INDEX notification_log_sent ON notification_log (sent_at DESC)');
    await queryRunner.query('ALTER TABLE notification_log DROP COLUMN pool_id');
  }
}
