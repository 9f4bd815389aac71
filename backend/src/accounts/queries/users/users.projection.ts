import { queryKeys } from '@treble/contracts';
import {
  poolIdColumn,
  consecutiveRuns,
  isOneOf,
  type ChangedKeyGroup,
  type Projection,
  type ProjectionContext,
} from '../../../projections/projection.js';
import type { Recorded } from '../../../event-store/read-stream.js';
import type { DomainEvent } from '../../../shared/domain/event.js';
import type { PoolAdminsEvent, UserEvent } from '../../domain/index.js';

type UserRegistered = Recorded<Extract<UserEvent, { type: 'UserRegistered' }>>;

/** The picks events that mean "this player made a pick" (any pick, withdrawn or voided since or not). */
const pickMadeTypes = ['ChoiceMade', 'RetroactiveChoicesMade'] as const;
/** What this projection reads of them: whose pick it was. */
type PickMade = DomainEvent<(typeof pickMadeTypes)[number], { userId: string }>;

/** Every player of `picks` has picked, in one statement (a deadline's rush is one run). */
async function markPicked({ sql, table }: ProjectionContext, picks: readonly PickMade[]): Promise<void> {
  await sql.query(
    `UPDATE ${table('users')} SET has_picked = true WHERE id = ANY($1::uuid[]) AND NOT has_picked`,
    [[...new Set(picks.map((event) => event.data.userId))]],
  );
}

/**
 * One row per sign-up, in one statement (a pool's launch is one run); an id met twice keeps its
 * first row. The admin flag comes from `user_admins`, whichever was appended first.
 */
async function insertUsers(
  { sql, table }: ProjectionContext,
  events: readonly UserRegistered[],
): Promise<void> {
  await sql.query(
    `INSERT INTO ${table('users')} (id, email, first_name, last_name, is_admin, created_at)
     SELECT r.id, r.email, r.first_name, r.last_name,
            EXISTS (SELECT 1 FROM ${table('user_admins')} a WHERE a.user_id = r.id), r.created_at
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
            WITH ORDINALITY AS r (id, email, first_name, last_name, created_at, ord)
      ORDER BY r.ord
     ON CONFLICT (pool_id, id) DO NOTHING`,
    [
      events.map((event) => event.data.userId),
      events.map((event) => event.data.email),
      events.map((event) => event.data.firstName),
      events.map((event) => event.data.lastName),
      events.map((event) => event.metadata.occurredAt),
    ],
  );
}

/**
 * The `users` read table (one row per account, as the API serves `User`), and `user_admins`, the
 * set of admins. Admin grants are appended before the account's own `UserRegistered` (the first
 * account is made admin before it exists), so the admin set is kept apart and a new row reads its
 * flag from it: events may arrive in either order and the row comes out the same.
 */
export const usersProjection: Projection<UserEvent | PoolAdminsEvent | PickMade> = {
  name: 'users',
  version: 5,
  tables: [
    {
      name: 'users',
      ddl: (table) => [
        `CREATE TABLE ${table} (
          ${poolIdColumn},
          id uuid NOT NULL,
          email text NOT NULL,
          first_name text,
          last_name text,
          profile_image_url text,
          is_admin boolean NOT NULL DEFAULT false,
          created_at timestamptz NOT NULL,
          active boolean NOT NULL DEFAULT true,
          fee_paid_on date,
          has_picked boolean NOT NULL DEFAULT false,
          PRIMARY KEY (pool_id, id)
        )`,
      ],
    },
    {
      name: 'user_admins',
      ddl: (table) => [
        `CREATE TABLE ${table} (${poolIdColumn}, user_id uuid NOT NULL, PRIMARY KEY (pool_id, user_id))`,
      ],
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
  async apply(event, context) {
    if (isOneOf(event, pickMadeTypes)) return markPicked(context, [event]);
    const { sql, table } = context;
    const users = table('users');
    const admins = table('user_admins');
    switch (event.type) {
      case 'UserRegistered':
        return insertUsers(context, [event]);
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
  async applyBatch(events, context) {
    const groups: ChangedKeyGroup[] = [];
    const kindOf = (event: (typeof events)[number]) =>
      isOneOf(event, pickMadeTypes) ? 'picks' : event.type === 'UserRegistered' ? 'registrations' : null;
    for (const run of consecutiveRuns(events, kindOf)) {
      if (run.kind === 'picks') {
        await markPicked(context, run.events as PickMade[]);
        continue;
      }
      if (run.kind === 'registrations') await insertUsers(context, run.events as UserRegistered[]);
      else await usersProjection.apply(run.events[0]!, context);
      groups.push({ keys: usersProjection.queryKeysFor(run.events[0]!), audience: null });
    }
    return groups;
  },
  queryKeysFor(event) {
    // A pick is not worth a notice to every admin (30,000 of them in a deadline's last minute).
    if (isOneOf(event, pickMadeTypes)) return [];
    // Every client holding its own user refetches it after a role change: a new admin sees the
    // admin pages, a revoked one loses them without reloading.
    if (event.type === 'AdminGranted' || event.type === 'AdminRevoked')
      return [queryKeys.adminUsers(), queryKeys.authUser()];
    if (event.type === 'UserRegistered' || event.type === 'UserRemoved')
      return [queryKeys.adminUsers(), queryKeys.community()];
    return [queryKeys.adminUsers()];
  },
};
