import { queryKeys } from '@treble/contracts';
import { poolIdColumn, type EventsOf, type Projection } from '../../../projections/projection.js';
import type { PeriodEvent } from '../../domain/period.js';

const periodsEventTypes = [
  'PeriodScheduled',
  'PeriodWindowMoved',
  'PeriodActivated',
  'PeriodDeactivated',
  'PeriodCompleted',
  'PeriodReopened',
] as const;

/** The `periods` read table: one row per period, as `GET /api/periods` serves it. */
export const periodsProjection: Projection<EventsOf<PeriodEvent, typeof periodsEventTypes>> = {
  name: 'periods',
  version: 5,
  tables: [
    {
      name: 'periods',
      seasons: 'archived',
      ddl: (table) => [
        `CREATE TABLE ${table} (
          ${poolIdColumn},
          id integer NOT NULL,
          season text NOT NULL,
          name text NOT NULL,
          description text,
          segment text NOT NULL,
          start_date timestamptz NOT NULL,
          end_date timestamptz NOT NULL,
          is_active boolean NOT NULL DEFAULT false,
          is_completed boolean NOT NULL DEFAULT false,
          is_manually_completed boolean NOT NULL DEFAULT false,
          completed_at timestamptz,
          fixture_count integer NOT NULL DEFAULT 0,
          PRIMARY KEY (pool_id, id)
        )`,
      ],
    },
  ],
  eventTypes: periodsEventTypes,
  async apply(event, { sql, table }) {
    const periods = table('periods');
    switch (event.type) {
      case 'PeriodScheduled': {
        const d = event.data;
        await sql.query(
          `INSERT INTO ${periods} (id, season, name, description, segment, start_date, end_date, fixture_count)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (pool_id, id) DO UPDATE SET season = EXCLUDED.season, name = EXCLUDED.name,
             description = EXCLUDED.description, segment = EXCLUDED.segment, start_date = EXCLUDED.start_date,
             end_date = EXCLUDED.end_date, fixture_count = EXCLUDED.fixture_count`,
          [d.periodId, d.season, d.name, d.description, d.segment, d.startDate, d.endDate, d.fixtures.length],
        );
        return;
      }
      case 'PeriodWindowMoved':
        await sql.query(`UPDATE ${periods} SET start_date = $2, end_date = $3 WHERE id = $1`, [
          event.data.periodId,
          event.data.startDate,
          event.data.endDate,
        ]);
        return;
      case 'PeriodActivated':
      case 'PeriodDeactivated':
        await sql.query(`UPDATE ${periods} SET is_active = $2 WHERE id = $1`, [
          event.data.periodId,
          event.type === 'PeriodActivated',
        ]);
        return;
      case 'PeriodCompleted':
        await sql.query(
          `UPDATE ${periods} SET is_completed = true, is_manually_completed = $2, completed_at = $3 WHERE id = $1`,
          [event.data.periodId, event.data.manual, event.data.completedAt],
        );
        return;
      case 'PeriodReopened':
        await sql.query(
          `UPDATE ${periods} SET is_completed = false, is_manually_completed = false, completed_at = NULL WHERE id = $1`,
          [event.data.periodId],
        );
        return;
    }
  },
  queryKeysFor: () => [queryKeys.periods()],
};
