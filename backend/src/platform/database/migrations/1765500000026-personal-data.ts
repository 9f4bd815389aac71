import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sealStoredEvents } from '../../personal-data/stored-events.js';
import type { Sql } from '../sql.js';

/**
 * A person's data is theirs (docs/adr/017). `person_keys`: each person's key, which seals their
 * fields in the log and whose deletion erases them. `erasures`: the list of erased people (ids and
 * stand-in numbers, no personal data), which a restore applies again, and each erasure's progress,
 * so one interrupted by a crash is finished at the next start.
 *
 * Then the one rewrite of stored payloads the log allows: events stored before the codec hold
 * e-mail addresses and names in plain text; their personal fields are sealed here, once, in place
 * (same ids, positions, versions and times). A log on EventStoreDB cannot be rewritten in place:
 * back it up, restore it into Postgres (which seals it), and migrate it again.
 */
export class PersonalData1765500000026 implements MigrationInterface {
  name = 'PersonalData1765500000026';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE person_keys (
         person_id text PRIMARY KEY,
         key bytea NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await queryRunner.query(
      `CREATE TABLE erasures (
         person_id text PRIMARY KEY,
         stand_in serial UNIQUE,
         requested_by text NOT NULL,
         requested_at timestamptz NOT NULL,
         completed_at timestamptz
       )`,
    );
    // The sign-in counts named addresses as typed; they now name a hash. Their windows are short:
    // they start again.
    await queryRunner.query('DELETE FROM sign_in_failures');
    await sealStoredEvents(asSql(queryRunner));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE erasures');
    await queryRunner.query('DROP TABLE person_keys');
  }
}

function asSql(queryRunner: QueryRunner): Sql {
  return {
    async query<Row>(text: string, params?: readonly unknown[]) {
      const rows = (await queryRunner.query(text, params as unknown[])) as Row[];
      return { rows, rowCount: rows.length };
    },
  };
}
