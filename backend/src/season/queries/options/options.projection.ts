import { queryKeys } from '@treble/contracts';
import {
  poolIdColumn,
  relatedName,
  type EventsOf,
  type Projection,
} from '../../../projections/projection.js';
import type { PeriodEvent } from '../../domain/period.js';

const optionsEventTypes = [
  'PeriodScheduled',
  'PeriodWindowMoved',
  'OptionsAdded',
  'OptionsRemoved',
  'FixtureUpdated',
] as const;

/**
 * The `options` read table: every option of every period with its fixture and deadline. A custom
 * option (no fixture) locks at its period's start, kept in `option_periods` so this projection
 * never reads another's tables.
 */
export const optionsProjection: Projection<EventsOf<PeriodEvent, typeof optionsEventTypes>> = {
  name: 'options',
  version: 5,
  tables: [
    {
      name: 'option_periods',
      seasons: 'archived',
      ddl: (table) => [
        `CREATE TABLE ${table} (${poolIdColumn}, id integer NOT NULL, start_date timestamptz NOT NULL, PRIMARY KEY (pool_id, id))`,
      ],
    },
    {
      name: 'options',
      seasons: 'archived',
      ddl: (table) => [
        `CREATE TABLE ${table} (
          ${poolIdColumn},
          id text NOT NULL,
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
          lock_at timestamptz,
          PRIMARY KEY (pool_id, id)
        )`,
        `CREATE INDEX ${relatedName(table, 'period_idx')} ON ${table} (pool_id, period_id, sort_order)`,
        `CREATE INDEX ${relatedName(table, 'fixture_idx')} ON ${table} (pool_id, fixture_id)`,
      ],
    },
  ],
  eventTypes: optionsEventTypes,
  async apply(event, { sql, table }) {
    const options = table('options');
    switch (event.type) {
      case 'PeriodScheduled':
        await sql.query(
          `INSERT INTO ${table('option_periods')} (id, start_date) VALUES ($1, $2)
           ON CONFLICT (pool_id, id) DO UPDATE SET start_date = EXCLUDED.start_date`,
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
      case 'OptionsAdded': {
        // One statement for the whole event (a season import adds 20 options to each of 38 periods).
        // An id listed twice keeps its last definition, as one insert after the other would.
        const added = [...new Map(event.data.options.map((option) => [option.optionId, option])).values()];
        const column = <T>(value: (option: (typeof added)[number]) => T) => added.map(value);
        await sql.query(
          `INSERT INTO ${options} (id, period_id, team_key, name, short_name, description, sort_order, fixture_id,
             opponent, opponent_code, is_home, kickoff, fixture_status, lock_at)
           SELECT o.id, o.period_id, o.team_key, o.name, o.short_name, o.description, o.sort_order, o.fixture_id,
             o.opponent, o.opponent_code, o.is_home, o.kickoff, o.fixture_status,
             COALESCE(o.kickoff, CASE WHEN o.fixture_id IS NULL THEN (SELECT start_date FROM ${table('option_periods')} WHERE id = o.period_id) END)
           FROM unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::text[], $6::text[], $7::integer[], $8::text[],
             $9::text[], $10::text[], $11::boolean[], $12::timestamptz[], $13::text[])
             AS o(id, period_id, team_key, name, short_name, description, sort_order, fixture_id,
               opponent, opponent_code, is_home, kickoff, fixture_status)
           ON CONFLICT (pool_id, id) DO UPDATE SET team_key = EXCLUDED.team_key, name = EXCLUDED.name, short_name = EXCLUDED.short_name,
             description = EXCLUDED.description, sort_order = EXCLUDED.sort_order, fixture_id = EXCLUDED.fixture_id,
             opponent = EXCLUDED.opponent, opponent_code = EXCLUDED.opponent_code, is_home = EXCLUDED.is_home,
             kickoff = EXCLUDED.kickoff, fixture_status = EXCLUDED.fixture_status, lock_at = EXCLUDED.lock_at`,
          [
            column((option) => option.optionId),
            column((option) => option.periodId),
            column((option) => option.teamKey),
            column((option) => option.name),
            column((option) => option.shortName),
            column((option) => option.description),
            column((option) => option.sortOrder),
            column((option) => option.fixture?.fixtureId ?? null),
            column((option) => option.fixture?.opponent ?? null),
            column((option) => option.fixture?.opponentCode ?? null),
            column((option) => option.fixture?.isHome ?? null),
            column((option) => option.fixture?.kickoff ?? null),
            column((option) => option.fixture?.status ?? null),
          ],
        );
        return;
      }
      case 'OptionsRemoved':
        await sql.query(`DELETE FROM ${options} WHERE id = ANY($1::text[])`, [event.data.optionIds]);
        return;
      case 'FixtureUpdated':
        await sql.query(
          `UPDATE ${options} SET kickoff = $2, fixture_status = $3, lock_at = $2 WHERE fixture_id = $1`,
          [event.data.fixtureId, event.data.kickoff, event.data.status],
        );
        return;
    }
  },
  queryKeysFor(event) {
    return [queryKeys.options(event.data.periodId)];
  },
};
