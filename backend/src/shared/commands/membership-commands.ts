import { Command, Query } from '@nestjs/cqrs';
import type { InvitationPreview, PoolRole } from '@treble/contracts';
import type { CommandContext } from '../domain/event.js';

/**
 * What the pools context asks of the accounts context, which alone writes membership streams
 * (docs/adr/015): joining by a link, a new pool's creator joining it, and what a link or a person's
 * memberships are. The accounts context handles them (accounts/commands/join-pool).
 */

/** The signed-in actor joins the pool of an invitation link: answers the pool's key. */
export class JoinPoolCommand extends Command<string> {
  constructor(
    readonly token: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** The actor, who has just created the pool, becomes its first member and admin. */
export class JoinAsCreatorCommand extends Command<void> {
  constructor(
    readonly poolKey: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** What a link joins (by the pool's key), who made it and whether it admits `userId`. */
export class InvitationPreviewQuery extends Query<{ poolKey: string } & Omit<InvitationPreview, 'pool'>> {
  constructor(
    readonly token: string,
    readonly userId: string,
    readonly now: Date,
  ) {
    super();
  }
}

/** The install's owner: its first account, or null before there is one. */
export class InstallOwnerQuery extends Query<string | null> {}

/** The pools a person is an active member of (the default pool's key is ''), with their role. */
export class PersonPoolsQuery extends Query<{ key: string; role: PoolRole }[]> {
  constructor(readonly userId: string) {
    super();
  }
}

/** How many active members each pool has, by pool key (the install owner's list: counts, no names). */
export class PoolMemberCountsQuery extends Query<Map<string, number>> {}
