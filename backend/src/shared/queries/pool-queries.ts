import { Query } from '@nestjs/cqrs';
import { ErrorCodes } from '@treble/contracts';
import { DomainError } from '../domain/domain-error.js';

/** The pools context answers: is this pool archived (read-only, nobody joins it)? */
export class PoolArchivedQuery extends Query<boolean> {
  constructor(readonly poolKey: string) {
    super();
  }
}

/** What a change in an archived pool is answered. */
export const poolArchived = (): DomainError =>
  new DomainError(
    ErrorCodes.POOL_ARCHIVED,
    "This pool is archived: its history stays readable, nothing in it changes. The install's owner can restore it.",
  );

/** What a pool that does not exist, or is not the asker's, is answered (which of the two is not said). */
export const poolNotFound = (): DomainError =>
  new DomainError(ErrorCodes.POOL_NOT_FOUND, 'There is no such pool, or you are not one of its members.');

/** A pool as background work names it: its key (the default pool's is ''), address and name. */
export interface PlayedPool {
  key: string;
  address: string;
  name: string;
}

/**
 * The pools context answers: the pools the install plays, the default pool first. Background work
 * of every pool (results, reminders, digests) runs once in each of them.
 */
export class PlayedPoolsQuery extends Query<PlayedPool[]> {
  /** With archived pools too (upkeep that must reach every pool's rows, such as retention). */
  constructor(readonly withArchived = false) {
    super();
  }
}
