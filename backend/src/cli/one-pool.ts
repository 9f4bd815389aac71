import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, RecordedEvent } from '../event-store/event-store.port.js';
import { fold, loadAggregate } from '../event-store/read-stream.js';
import type { Sql } from '../platform/database/sql.js';
import {
  decideRegisterUser,
  decideReserveEmail,
  emailReservationModel,
  emailReservationStreamId,
  userModel,
  userStreamId,
} from '../accounts/domain/index.js';
import { poolDirectoryChannel, poolRegistryModel, poolRegistryStreamId } from '../pools/domain/index.js';
import { InstanceSignal } from '../platform/cluster/instance-signal.js';
import type { EventMetadata } from '../shared/domain/event.js';
import {
  backupFormat,
  backupFormatVersion,
  BackupFileError,
  readBackup,
  RestoreRefusedError,
  writeBackup,
  type BackupAccountLine,
  type BackupEventLine,
  type BackupHeader,
  type BackupLine,
} from '../operations/index.js';

/*
 * One pool's backup and restore (docs/adr/015, docs/adr/009), composed here as the whole install's
 * is in operations: it reads every context's streams and writes the pool's, and the accounts it
 * makes are decided by the accounts context's own rules (`decideRegisterUser`, `decideReserveEmail`). The file holds the pool's events (the
 * ones appended in it, its entry in the install's registry) in log order and its members'
 * accounts (e-mail, name, picture, password hash); nothing of the install's other pools. A restore
 * puts the pool into another install, or back into this one once it is gone, while the app serves:
 * each member whose account the target lacks gets one there that belongs to this pool only
 * (`UserRegistered` with the pool), then the pool's events are appended in their order, with
 * their ids, and the projector builds its rows like any new events. The default pool is the
 * install's own: back the whole install up for it.
 */

const batchSize = 2_000;

/** Writes the pool at `address` into a new file (never overwrites one). */
export async function backupOnePool(options: {
  database: Sql;
  /** The log as the app reads it (personal fields opened): the accounts are written from it. */
  store: EventStore;
  address: string;
  file: string;
  appVersion: string;
  now?: Date;
}): Promise<BackupHeader> {
  const { database, store } = options;
  const registry = await store.readStream(poolRegistryStreamId);
  const pool = fold(registry, poolRegistryModel).state.pools.find(
    (candidate) => candidate.address === options.address && !candidate.deleted,
  );
  if (pool === undefined)
    throw new RestoreRefusedError(
      `There is no pool at ${options.address} (the default pool is the install's: back up the whole install).`,
    );
  const events: RecordedEvent[] = registry.filter(
    (event) => (event.data as { key?: string }).key === pool.key,
  );
  const head = await store.headPosition();
  for (let after = 0n; after < head;) {
    const batch = await store.readAll({ after, maxCount: batchSize });
    if (batch.length === 0) break;
    events.push(...batch.filter((event) => event.position <= head && event.metadata.pool === pool.key));
    after = batch[batch.length - 1]!.position;
  }
  events.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  const memberPrefix = `member-${pool.key}_`;
  const members = [
    ...new Set(
      events
        .filter((e) => e.streamId.startsWith(memberPrefix))
        .map((e) => e.streamId.slice(memberPrefix.length)),
    ),
  ];
  const accounts: BackupAccountLine[] = [];
  for (const personId of members) {
    const { state } = await loadAggregate(store, userStreamId(personId), userModel);
    const { rows } = await database.query<{ password_hash: string }>(
      'SELECT password_hash FROM user_credentials WHERE user_id::text = $1',
      [personId],
    );
    const erased = state.erasedAs !== null;
    accounts.push({
      kind: 'account',
      personId,
      email: erased ? null : state.email,
      firstName: erased ? null : state.firstName,
      lastName: erased ? null : state.lastName,
      profileImageUrl: erased ? null : state.profileImageUrl,
      passwordHash: rows[0]?.password_hash ?? null,
      erased,
    });
  }
  const header: BackupHeader = {
    format: backupFormat,
    formatVersion: backupFormatVersion,
    appVersion: options.appVersion,
    createdAt: (options.now ?? new Date()).toISOString(),
    headPosition: head.toString(),
    counts: { events: events.length, credentials: 0, accounts: accounts.length },
    pool: { key: pool.key, address: pool.address, name: pool.name },
  };
  async function* lines(): AsyncGenerator<BackupHeader | BackupLine> {
    yield header;
    for (const event of events)
      yield {
        kind: 'event',
        ...event,
        position: event.position.toString(),
        recordedAt: event.recordedAt.toISOString(),
      };
    yield* accounts;
  }
  await writeBackup(options.file, lines());
  return header;
}

/**
 * Restores a pool's backup into this install, refusing with nothing changed when its key or address
 * is taken here, or when a member's e-mail address belongs to another account here.
 */
export async function restoreOnePool(options: {
  database: Sql;
  /** The log as the app reads it: the accounts made here are sealed with keys of this install. */
  store: EventStore;
  file: string;
  now?: Date;
}): Promise<{ header: BackupHeader; accountsMade: number; accountsKept: number }> {
  const { database, store } = options;
  let header: BackupHeader | null = null;
  const events: BackupEventLine[] = [];
  const accounts: BackupAccountLine[] = [];
  for await (const line of readBackup(options.file)) {
    if (header === null) header = line as BackupHeader;
    else if ((line as BackupLine).kind === 'event') events.push(line as BackupEventLine);
    else if ((line as BackupLine).kind === 'account') accounts.push(line as BackupAccountLine);
    else throw new BackupFileError('A backup of one pool holds events and accounts only.');
  }
  if (header === null) throw new BackupFileError('The backup file has no header.');
  const pool = header.pool;
  if (pool === undefined)
    throw new BackupFileError(
      'This is a backup of a whole install: restore it with `npm run restore -- <file>`.',
    );
  if (events.length !== header.counts.events || accounts.length !== (header.counts.accounts ?? 0))
    throw new BackupFileError('The backup is incomplete.');

  const registry = await loadAggregate(store, poolRegistryStreamId, poolRegistryModel);
  if (registry.state.pools.some((known) => known.key === pool.key || known.address === pool.address))
    throw new RestoreRefusedError(
      `This install has (or had) a pool at ${pool.address}: it cannot take another.`,
    );
  const made: BackupAccountLine[] = [];
  const taken: string[] = [];
  for (const account of accounts) {
    const here = await loadAggregate(store, userStreamId(account.personId), userModel);
    if (here.state.registered) continue;
    made.push(account);
    if (account.email === null) continue;
    const reservation = await loadAggregate(
      store,
      emailReservationStreamId(account.email),
      emailReservationModel,
    );
    if (reservation.state.reservedBy !== null) taken.push(account.email);
  }
  if (taken.length > 0)
    throw new RestoreRefusedError(`Other accounts here have these members' addresses: ${taken.join(', ')}.`);

  const metadata = (): EventMetadata => ({
    actor: 'system',
    source: 'system',
    occurredAt: (options.now ?? new Date()).toISOString(),
    correlationId: randomUUID(),
    causationId: null,
  });
  const copy = (line: BackupEventLine): NewEvent => ({
    id: line.id,
    type: line.type,
    data: line.data,
    metadata: line.metadata,
  });
  for (const account of made) await makeAccount(database, store, account, pool.key, metadata());
  // The pool's own streams, in the log's order: a run of one stream's events is one append.
  const own = events.filter((event) => event.streamId !== poolRegistryStreamId);
  for (let start = 0; start < own.length;) {
    let end = start + 1;
    while (end < own.length && own[end]!.streamId === own[start]!.streamId) end += 1;
    const first = own[start]!;
    await store.append(
      first.streamId,
      own.slice(start, end).map(copy),
      first.version === 0 ? 'no_stream' : first.version - 1,
    );
    start = end;
  }
  // Last: until the pool is in the registry, no route finds it, so a restore cut short shows nothing.
  const registryEvents = events.filter((event) => event.streamId === poolRegistryStreamId);
  await store.append(poolRegistryStreamId, registryEvents.map(copy), registry.version);
  // The app's instances, serving meanwhile, read the registry again.
  await database.query(InstanceSignal.sqlFor(poolDirectoryChannel));
  return { header, accountsMade: made.length, accountsKept: accounts.length - made.length };
}

/** A member's account made here, belonging to the restored pool only. */
async function makeAccount(
  database: Sql,
  store: EventStore,
  account: BackupAccountLine,
  poolKey: string,
  metadata: EventMetadata,
) {
  const userId = account.personId;
  const stamp = (events: { type: string; data: unknown }[]): NewEvent[] =>
    events.map((event) => ({ ...event, metadata }));
  if (account.email !== null) {
    const reservation = emailReservationStreamId(account.email);
    // Free here (checked): never used, or given back (an erasure, a removal).
    const here = await loadAggregate(store, reservation, emailReservationModel);
    await store.append(reservation, stamp(decideReserveEmail(here.state, { userId })), here.version);
    if (account.passwordHash !== null)
      await database.query(
        'INSERT INTO user_credentials (user_id, email, password_hash, updated_at) VALUES ($1, $2, $3, $4)',
        [userId, account.email, account.passwordHash, metadata.occurredAt],
      );
  }
  const registered = decideRegisterUser(userModel.initialState(), {
    userId,
    email: account.email ?? '',
    firstName: account.firstName,
    lastName: account.lastName,
    invitation: null,
    pool: poolKey,
  });
  const profile =
    account.profileImageUrl === null
      ? []
      : [
          {
            type: 'UserProfileUpdated',
            data: {
              userId,
              firstName: account.firstName,
              lastName: account.lastName,
              profileImageUrl: account.profileImageUrl,
            },
          },
        ];
  const erased: { type: string; data: unknown }[] = [];
  if (account.erased) {
    const { rows } = await database.query<{ stand_in: number }>(
      `INSERT INTO erasures (person_id, requested_by, requested_at, completed_at) VALUES ($1, 'system', $2, $2) RETURNING stand_in`,
      [userId, metadata.occurredAt],
    );
    erased.push({ type: 'PersonErased', data: { userId, standIn: rows[0]!.stand_in } });
  }
  await store.append(userStreamId(userId), stamp([...registered, ...profile, ...erased]), 'no_stream');
}
