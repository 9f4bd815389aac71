import { queryKeys } from '@treble/contracts';
import { poolIdColumn, type Projection, type ProjectionContext } from '../../projections/projection.js';
import type { Prize } from '../domain/prize.js';
import { prizesEventTypes, type PrizesEvent } from '../domain/prizes.decider.js';

async function upsert(sql: ProjectionContext['sql'], table: string, prize: Prize): Promise<void> {
  await sql.query(
    `INSERT INTO ${table} (id, competition, position, amount, currency, description, is_active)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (pool_id, id) DO UPDATE SET competition = EXCLUDED.competition, position = EXCLUDED.position,
       amount = EXCLUDED.amount, currency = EXCLUDED.currency, description = EXCLUDED.description, is_active = EXCLUDED.is_active`,
    [
      prize.id,
      prize.competition,
      prize.position,
      prize.amount,
      prize.currency,
      prize.description,
      prize.isActive,
    ],
  );
}

export const prizesProjection: Projection<PrizesEvent> = {
  name: 'prizes',
  version: 3,
  tables: [
    {
      name: 'prizes',
      // Prize settings carry over to the next season; a past season keeps those it ended with.
      seasons: 'kept',
      ddl: (table) => [
        `CREATE TABLE ${table} (
          ${poolIdColumn},
          id text NOT NULL,
          competition text NOT NULL,
          position text NOT NULL,
          amount numeric(12, 2) NOT NULL,
          currency text NOT NULL,
          description text,
          is_active boolean NOT NULL,
          PRIMARY KEY (pool_id, id)
        )`,
      ],
    },
  ],
  eventTypes: prizesEventTypes,
  async apply(event, { sql, table }) {
    const prizes = table('prizes');
    switch (event.type) {
      case 'PrizesSeeded':
        for (const prize of event.data.prizes) await upsert(sql, prizes, prize);
        return;
      case 'PrizeCreated':
      case 'PrizeUpdated':
        await upsert(sql, prizes, event.data.prize);
        return;
      case 'PrizeDeleted':
        await sql.query(`DELETE FROM ${prizes} WHERE id = $1`, [event.data.prizeId]);
        return;
    }
  },
  queryKeysFor: () => [queryKeys.prizes()],
};
