import { queryKeys } from '@treble/contracts';
import type { RecordedEvent } from '../../../event-store/event-store.port.js';
import { applyInRuns, type Projection, type ProjectionContext } from '../../../projections/projection.js';
import type { PoolAdminsEvent, UserEvent } from '../../domain/index.js';

/** The picks events that mean "this player made a pick" (any pick, withdrawn or voided since or not). */
const pickMadeTypes = new Set(['ChoiceMade', 'RetroactiveChoicesMade']);

/**
 * The `users` read table (one row per account, as the API serves `User`), and `user_admins`, the
 * set of admins. Admin grants are appended before the account's own `UserRegistered` (the first
 * account is made admin before it exists), so the admin set is kept apart and a new row reads its
 * flag from it: events may arrive in either order and the row comes out the same.
 */
export const usersProjection: Projection = {
  name: 'users',
  // 3: `has_picked`, so Admin › Users offers Remove exactly when the server would allow it.
  version: 3,
  tables: [
    {
      name: 'users',
      ddl: (table) => [
        `CREATE TABLE ${table} (
          id uuid PRIMARY KEY,
          email text NOT NULL,
          first_name text,
          last_name text,
          profile_image_url text,
          is_admin boolean NOT NULL DEFAULT false,
          created_at timestamptz NOT NULL,
          active boolean NOT NULL DEFAULT true,
          fee_paid_on date,
          has_picked boolean NOT NULL DEFAULT false
        )`,
      ],
    },
    {
      name: 'user_admins',
      ddl: (table) => [`CREATE TABLE ${table} (user_id uuid PRIMARY KEY)`],
    },
  ],
  eventTypes: [
    'UserRegistered',
    'UserProfileUpdated',
    'AdminGranted',
    'AdminRevoked',
    'UserDeactivated',
    'UserReactivated',
    'UserRemoved',
    'EntryFeeMarked',
    // From the picks context's log, read only: whether the player ever picked. The same fact the
    // server checks on the player's picks stream before a removal (HasPlayerPickedQuery), so the
    // list and the server agree; the list can only lag behind it (then the server refuses, 409).
    ...pickMadeTypes,
  ],
  async apply(recorded: RecordedEvent, { sql, table }: ProjectionContext) {
    if (pickMadeTypes.has(recorded.type)) {
      const { userId } = recorded.data as { userId: string };
      await sql.query(`UPDATE ${table('users')} SET has_picked = true WHERE id = $1 AND NOT has_picked`, [
        userId,
      ]);
      return;
    }
    const event = recorded as unknown as UserEvent | PoolAdminsEvent;
    const users = table('users');
    const admins = table('user_admins');
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data;
        await sql.query(
          `INSERT INTO ${users} (id, email, first_name, last_name, is_admin, created_at)
           VALUES ($1, $2, $3, $4, EXISTS (SELECT 1 FROM ${admins} WHERE user_id = $1), $5)
           ON CONFLICT (id) DO NOTHING`,
          [d.userId, d.email, d.firstName, d.lastName, recorded.metadata.occurredAt],
        );
        return;
      }
      case 'UserProfileUpdated': {
        const d = event.data;
        await sql.query(
          `UPDATE ${users} SET first_name = $2, last_name = $3, profile_image_url = $4 WHERE id = $1`,
          [d.userId, d.firstName, d.lastName, d.profileImageUrl],
        );
        return;
      }
      case 'UserDeactivated':
      case 'UserReactivated':
        await sql.query(`UPDATE ${users} SET active = $2 WHERE id = $1`, [
          event.data.userId,
          event.type === 'UserReactivated',
        ]);
        return;
      case 'UserRemoved':
        await sql.query(`DELETE FROM ${users} WHERE id = $1`, [event.data.userId]);
        await sql.query(`DELETE FROM ${admins} WHERE user_id = $1`, [event.data.userId]);
        return;
      case 'EntryFeeMarked':
        await sql.query(`UPDATE ${users} SET fee_paid_on = $2 WHERE id = $1`, [
          event.data.userId,
          event.data.paidOn,
        ]);
        return;
      case 'PasswordResetIssued':
      case 'PasswordResetCompleted':
        return;
      case 'AdminGranted':
        await sql.query(`INSERT INTO ${admins} (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [
          event.data.userId,
        ]);
        await sql.query(`UPDATE ${users} SET is_admin = true WHERE id = $1`, [event.data.userId]);
        return;
      case 'AdminRevoked':
        await sql.query(`DELETE FROM ${admins} WHERE user_id = $1`, [event.data.userId]);
        await sql.query(`UPDATE ${users} SET is_admin = false WHERE id = $1`, [event.data.userId]);
        return;
    }
  },
  applyBatch(events: readonly RecordedEvent[], context: ProjectionContext) {
    return applyInRuns(
      events,
      (event) => pickMadeTypes.has(event.type),
      async (run) => {
        // A run of picks (a deadline's rush): every player in it has picked, in one statement.
        const userIds = [...new Set(run.map((event) => (event.data as { userId: string }).userId))];
        await context.sql.query(
          `UPDATE ${context.table('users')} SET has_picked = true WHERE id = ANY($1::uuid[]) AND NOT has_picked`,
          [userIds],
        );
        return [];
      },
      async (event) => {
        await usersProjection.apply(event, context);
        return [{ keys: usersProjection.queryKeysFor(event), audience: null }];
      },
    );
  },
  queryKeysFor(event) {
    // A pick is not worth a notice to every admin (30,000 of them in a deadline's last minute).
    if (pickMadeTypes.has(event.type)) return [];
    // Every client holding its own user refetches it after a role change: a new admin sees the
    // admin pages, a revoked one loses them without reloading.
    if (event.type === 'AdminGranted' || event.type === 'AdminRevoked')
      return [queryKeys.adminUsers(), queryKeys.authUser()];
    if (event.type === 'UserRegistered' || event.type === 'UserRemoved')
      return [queryKeys.adminUsers(), queryKeys.community()];
    return [queryKeys.adminUsers()];
  },
};
