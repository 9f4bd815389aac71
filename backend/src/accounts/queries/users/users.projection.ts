import { queryKeys, standInName } from '@treble/contracts';
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
    `UPDATE ${table('members')} SET has_picked = true WHERE id = ANY($1::uuid[]) AND NOT has_picked`,
    [[...new Set(picks.map((event) => event.data.userId))]],
  );
}

/** The pool of the connection, which a new row of the install's `memberships` names. */
const thisPool = `current_setting('treble.pool', true)`;

/**
 * One person per sign-up and, unless the account was made to join another pool, one member of the
 * default pool, in a statement each (a pool's launch is one run); an id met twice keeps its first
 * row.
 */
async function insertUsers(context: ProjectionContext, events: readonly UserRegistered[]): Promise<void> {
  const { sql, table } = context;
  await sql.query(
    `INSERT INTO ${table('persons')} (id, email, first_name, last_name, created_at)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
     ON CONFLICT (id) DO NOTHING`,
    [
      events.map((event) => event.data.userId),
      events.map((event) => event.data.email),
      events.map((event) => event.data.firstName),
      events.map((event) => event.data.lastName),
      events.map((event) => event.metadata.occurredAt),
    ],
  );
  await insertMembers(
    context,
    events.filter((event) => event.data.pool === undefined),
  );
}

/**
 * Members of the pool being applied, in one statement, and the person's own list of their pools.
 * The admin flag comes from `user_admins`, whichever was appended first.
 */
async function insertMembers(
  { sql, table }: ProjectionContext,
  events: readonly Recorded<{ type: string; data: { userId: string } }>[],
): Promise<void> {
  if (events.length === 0) return;
  const ids = events.map((event) => event.data.userId);
  await sql.query(
    `INSERT INTO ${table('members')} (id, created_at)
     SELECT * FROM unnest($1::uuid[], $2::timestamptz[]) ON CONFLICT (pool_id, id) DO NOTHING`,
    [ids, events.map((event) => event.metadata.occurredAt)],
  );
  await sql.query(
    `INSERT INTO ${table('memberships')} (user_id, pool_id, is_admin)
     SELECT r.id, ${thisPool}, EXISTS (SELECT 1 FROM ${table('user_admins')} a WHERE a.user_id = r.id)
       FROM unnest($1::uuid[]) AS r (id)
     ON CONFLICT (user_id, pool_id) DO NOTHING`,
    [ids],
  );
}

/** One column of a person's membership of the pool being applied. */
async function setMembership(
  { sql, table }: ProjectionContext,
  userId: string,
  column: 'is_admin' | 'active',
  value: boolean,
): Promise<void> {
  await sql.query(
    `UPDATE ${table('memberships')} SET ${column} = $2 WHERE user_id = $1 AND pool_id = ${thisPool}`,
    [userId, value],
  );
}

/**
 * The people of the install (`persons`, the install's: one row per account, with its name), their
 * memberships (`memberships`, the install's too: which pools a person is in, with role; what the
 * access guard and My pools read), each pool's members (`members`: joined, entry fee, picked) and
 * admins (`user_admins`). Readers query `users`, a pool's members with their persons, as the API
 * serves `User`. A person is a member of the default pool by signing up (docs/adr/015), of another
 * by `MemberJoined`. Admin grants are appended before the account's own `UserRegistered` (the
 * first account is made admin before it exists), so the admin set is kept apart and a new member
 * reads its flag from it: events may arrive in either order and the rows come out the same.
 */
export const usersProjection: Projection<UserEvent | PoolAdminsEvent | PickMade> = {
  name: 'users',
  version: 7,
  tables: [
    {
      name: 'persons',
      install: true,
      ddl: (table) => [
        `CREATE TABLE ${table} (
          id uuid PRIMARY KEY,
          email text,
          first_name text,
          last_name text,
          created_at timestamptz NOT NULL,
          profile_image_url text,
          erased_as integer
        )`,
      ],
    },
    {
      name: 'memberships',
      install: true,
      namesPool: true,
      ddl: (table) => [
        `CREATE TABLE ${table} (
          user_id uuid NOT NULL,
          pool_id text NOT NULL,
          is_admin boolean NOT NULL DEFAULT false,
          active boolean NOT NULL DEFAULT true,
          PRIMARY KEY (user_id, pool_id)
        )`,
      ],
    },
    {
      name: 'members',
      ddl: (table) => [
        `CREATE TABLE ${table} (
          ${poolIdColumn},
          id uuid NOT NULL,
          created_at timestamptz NOT NULL,
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
  views: [
    {
      name: 'users',
      select: `SELECT m.pool_id, m.id, coalesce(p.email, '') AS email, p.first_name, p.last_name,
                      p.profile_image_url, s.is_admin, m.created_at, s.active, m.fee_paid_on, m.has_picked,
                      p.erased_as
                 FROM members m
                 JOIN persons p ON p.id = m.id
                 JOIN memberships s ON s.user_id = m.id AND s.pool_id = m.pool_id`,
    },
  ],
  eventTypes: [
    'UserRegistered',
    'MemberJoined',
    'UserProfileUpdated',
    'AdminGranted',
    'AdminRevoked',
    'UserDeactivated',
    'UserReactivated',
    'UserRemoved',
    'EntryFeeMarked',
    'PersonErased',
    // From the picks context's log, read only: whether the player ever picked. The same fact the
    // server checks on the player's picks stream before a removal (HasPlayerPickedQuery), so the
    // list and the server agree; the list can only lag behind it (then the server refuses, 409).
    ...pickMadeTypes,
  ],
  // A pick marks the player's row of its pool (`members.has_picked`), no person's own row.
  poolOnlyTypes: pickMadeTypes,
  async apply(event, context) {
    if (isOneOf(event, pickMadeTypes)) return markPicked(context, [event]);
    const { sql, table } = context;
    const admins = table('user_admins');
    switch (event.type) {
      case 'UserRegistered':
        return insertUsers(context, [event]);
      case 'MemberJoined':
        return insertMembers(context, [event]);
      case 'UserProfileUpdated': {
        const d = event.data;
        await sql.query(
          `UPDATE ${table('persons')} SET first_name = $2, last_name = $3, profile_image_url = $4 WHERE id = $1`,
          [d.userId, d.firstName, d.lastName, d.profileImageUrl],
        );
        return;
      }
      case 'UserDeactivated':
      case 'UserReactivated':
        return setMembership(context, event.data.userId, 'active', event.type === 'UserReactivated');
      case 'UserRemoved': {
        const { userId } = event.data;
        await sql.query(`DELETE FROM ${table('members')} WHERE id = $1`, [userId]);
        await sql.query(`DELETE FROM ${admins} WHERE user_id = $1`, [userId]);
        await sql.query(`DELETE FROM ${table('memberships')} WHERE user_id = $1 AND pool_id = ${thisPool}`, [
          userId,
        ]);
        // Removed from the default pool is removed from the install (the account's stream says so).
        if (event.metadata.pool === undefined)
          await sql.query(`DELETE FROM ${table('persons')} WHERE id = $1`, [userId]);
        return;
      }
      case 'EntryFeeMarked':
        await sql.query(`UPDATE ${table('members')} SET fee_paid_on = $2 WHERE id = $1`, [
          event.data.userId,
          event.data.paidOn,
        ]);
        return;
      case 'PersonErased': {
        // The stand-in takes the person's place wherever their name was (docs/rules.md, "Erasure").
        const { firstName, lastName } = standInName(event.data.standIn);
        await sql.query(
          `UPDATE ${table('persons')} SET email = NULL, first_name = $2, last_name = $3,
             profile_image_url = NULL, erased_as = $4 WHERE id = $1`,
          [event.data.userId, firstName, lastName, event.data.standIn],
        );
        return;
      }
      case 'PasswordResetIssued':
      case 'PasswordResetCompleted':
        return;
      case 'AdminGranted':
        await sql.query(`INSERT INTO ${admins} (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [
          event.data.userId,
        ]);
        return setMembership(context, event.data.userId, 'is_admin', true);
      case 'AdminRevoked':
        await sql.query(`DELETE FROM ${admins} WHERE user_id = $1`, [event.data.userId]);
        return setMembership(context, event.data.userId, 'is_admin', false);
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
    if (event.type === 'PersonErased')
      return [queryKeys.adminUsers(), queryKeys.community(), queryKeys.leaderboards()];
    if (event.type === 'UserRegistered' || event.type === 'MemberJoined' || event.type === 'UserRemoved')
      return [queryKeys.adminUsers(), queryKeys.community()];
    return [queryKeys.adminUsers()];
  },
};
