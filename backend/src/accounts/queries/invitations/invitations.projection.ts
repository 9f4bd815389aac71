import { queryKeys } from '@treble/contracts';
import {
  poolIdColumn,
  applyInRuns,
  type Projection,
  type ProjectionContext,
} from '../../../projections/projection.js';
import type { InvitationEvent } from '../../domain/index.js';

/**
 * Records uses of invitations: one row per admitted account (a replayed use adds none), and each
 * invitation's count grows by the rows actually added. One statement for any number of uses.
 */
async function recordUses(
  { sql, table }: ProjectionContext,
  uses: readonly { token: string; userId: string }[],
): Promise<void> {
  await sql.query(
    `WITH added AS (
       INSERT INTO ${table('invitation_uses')} (token, user_id)
       SELECT * FROM unnest($1::text[], $2::uuid[]) ON CONFLICT DO NOTHING
       RETURNING token
     )
     UPDATE ${table('invitations')} i SET uses = i.uses + a.count
       FROM (SELECT token, count(*)::integer AS count FROM added GROUP BY token) a
      WHERE i.token = a.token`,
    [uses.map((use) => use.token), uses.map((use) => use.userId)],
  );
}

/**
 * The `invitations` read table for the admins' list and the registration page. Uses are kept as
 * one row per admitted account, so replaying a use cannot count it twice.
 */
export const invitationsProjection: Projection<InvitationEvent> = {
  name: 'invitations',
  version: 3,
  tables: [
    {
      name: 'invitations',
      ddl: (table) => [
        `CREATE TABLE ${table} (
          ${poolIdColumn},
          token text NOT NULL,
          max_uses integer,
          uses integer NOT NULL DEFAULT 0,
          expires_at timestamptz,
          revoked_at timestamptz,
          created_at timestamptz NOT NULL,
          created_by uuid NOT NULL,
          PRIMARY KEY (pool_id, token)
        )`,
      ],
    },
    {
      name: 'invitation_uses',
      ddl: (table) => [
        `CREATE TABLE ${table} (${poolIdColumn}, token text NOT NULL, user_id uuid NOT NULL, PRIMARY KEY (pool_id, token, user_id))`,
      ],
    },
  ],
  eventTypes: ['InvitationCreated', 'InvitationUsed', 'InvitationRevoked'],
  async apply(event, context) {
    const { sql, table } = context;
    const invitations = table('invitations');
    switch (event.type) {
      case 'InvitationCreated': {
        const d = event.data;
        await sql.query(
          // Uses are counted from their rows, so the count is right whatever order the log holds.
          `INSERT INTO ${invitations} (token, max_uses, expires_at, created_at, created_by, uses)
           VALUES ($1, $2, $3, $4, $5, (SELECT count(*) FROM ${table('invitation_uses')} WHERE token = $1))
           ON CONFLICT (pool_id, token) DO NOTHING`,
          [d.token, d.maxUses, d.expiresAt, event.metadata.occurredAt, d.createdBy],
        );
        return;
      }
      case 'InvitationUsed':
        await recordUses(context, [event.data]);
        return;
      case 'InvitationRevoked':
        await sql.query(`UPDATE ${invitations} SET revoked_at = coalesce(revoked_at, $2) WHERE token = $1`, [
          event.data.token,
          event.metadata.occurredAt,
        ]);
        return;
    }
  },
  applyBatch(events, context) {
    const keys = [{ keys: invitationsProjection.queryKeysFor(events[0]!), audience: null }];
    return applyInRuns(
      events,
      (event) => event.type === 'InvitationUsed',
      async (run) => {
        // Registrations through one link (a pool's launch): every use of the run in one statement.
        await recordUses(
          context,
          run.map((event) => event.data),
        );
        return keys;
      },
      async (event) => {
        await invitationsProjection.apply(event, context);
        return keys;
      },
    );
  },
  queryKeysFor() {
    return [queryKeys.invitations(), queryKeys.community()];
  },
};
