import { queryKeys } from '@treble/contracts';
import type { RecordedEvent } from '../../../event-store/event-store.port.js';
import { relatedName, type Projection, type ProjectionContext } from '../../../projections/projection.js';
import type { PeriodEvent } from '../../domain/period.js';

/**
 * The `options` read table: every option of every period with its fixture and deadline. A custom
 * option (no fixture) locks at its period's start, kept in `option_periods` so this projection
 * never reads another's tables.
 */
export const optionsProjection: Projection = {
  name: 'options',
  version: 3,
  tables: [
    {
      name: 'option_periods',
      seasons: 'archived',
      ddl: (table) => [`CREATE TABLE ${table} (id integer PRIMARY KEY, start_date timestamptz NOT NULL)`],
    },
    {
      name: 'options',
      seasons: 'archived',
      ddl: (table) => [
        `CREATE TABLE ${table} (
          id text PRIMARY KEY,
          period_id integer NOT NULL,
          team_key text NOT NULL,
          name text NOT NULL,
          short_name text,
          description text,
          sort_order integer NOT NULL,
          fixture_id text,
          opponent text,
          opponent_code text,
          is_home boolean,
          kickoff timestamptz,
          fixture_status text,
          lock_at timestamptz
        )`,
        `CREATE INDEX ${relatedName(table, 'period_idx')} ON ${table} (period_id, sort_order)`,
        `CREATE INDEX ${relatedName(table, 'fixture_idx')} ON ${table} (fixture_id)`,
      ],
    },
  ],
  eventTypes: ['PeriodScheduled', 'PeriodWindowMoved', 'OptionsAdded', 'OptionsRemoved', 'FixtureUpdated'],
  async apply(recorded: RecordedEvent, { sql, table }: ProjectionContext) {
    const event = recorded as unknown as PeriodEvent;
    const options = table('options');
    switch (event.type) {
      case 'PeriodScheduled':
        await sql.query(
          `INSERT INTO ${table('option_periods')} (id, start_date) VALUES ($1, $2)
           ON CONFLICT (id) DO UPDATE SET start_date = EXCLUDED.start_date`,
          [event.data.periodId, event.data.startDate],
        );
        return;
      case 'PeriodWindowMoved':
        // Custom options lock at the period's start, so they move with it.
        await sql.query(`UPDATE ${table('option_periods')} SET start_date = $2 WHERE id = $1`, [
          event.data.periodId,
          event.data.startDate,
        ]);
        await sql.query(`UPDATE ${options} SET lock_at = $2 WHERE period_id = $1 AND fixture_id IS NULL`, [
          event.data.periodId,
          event.data.startDate,
        ]);
        return;
      case 'OptionsAdded':
        for (const option of event.data.options) {
          const fixture = option.fixture;
          await sql.query(
            `INSERT INTO ${options} (id, period_id, team_key, name, short_name, description, sort_order, fixture_id,
               opponent, opponent_code, is_home, kickoff, fixture_status, lock_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
               COALESCE($12::timestamptz, CASE WHEN $8::text IS NULL THEN (SELECT start_date FROM ${table('option_periods')} WHERE id = $2) END))
             ON CONFLICT (id) DO UPDATE SET team_key = EXCLUDED.team_key, name = EXCLUDED.name, short_name = EXCLUDED.short_name,
               description = EXCLUDED.description, sort_order = EXCLUDED.sort_order, fixture_id = EXCLUDED.fixture_id,
               opponent = EXCLUDED.opponent, opponent_code = EXCLUDED.opponent_code, is_home = EXCLUDED.is_home,
               kickoff = EXCLUDED.kickoff, fixture_status = EXCLUDED.fixture_status, lock_at = EXCLUDED.lock_at`,
            [
              option.optionId,
              option.periodId,
              option.teamKey,
              option.name,
              option.shortName,
              option.description,
              option.sortOrder,
              fixture?.fixtureId ?? null,
              fixture?.opponent ?? null,
              fixture?.opponentCode ?? null,
              fixture?.isHome ?? null,
              fixture?.kickoff ?? null,
              fixture?.status ?? null,
            ],
          );
        }
        return;
      case 'OptionsRemoved':
        await sql.query(`DELETE FROM ${options} WHERE id = ANY($1::text[])`, [event.data.optionIds]);
        return;
      case 'FixtureUpdated':
        await sql.query(
          `UPDATE ${options} SET kickoff = $2, fixture_status = $3, lock_at = $2 WHERE fixture_id = $1`,
          [event.data.fixtureId, event.data.kickoff, event.data.status],
        );
        return;
      default:
        return;
    }
  },
  queryKeysFor(event) {
    const periodId = (event.data as { periodId?: number }).periodId;
    return typeof periodId === 'number' ? [queryKeys.options(periodId)] : [];
  },
};
