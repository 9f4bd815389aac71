import { Command, Query } from '@nestjs/cqrs';
import type { PersonalPoolData } from '@treble/contracts';

/**
 * What the accounts context asks of the others when a person's data is exported or erased
 * (docs/adr/017): each context answers for what it keeps beside the log, so none reads another's
 * tables.
 */

/**
 * Notifications forgets the person: their choices, push subscriptions and every delivery to them
 * (by id, and to `email` when it is known) in each of their pools (`poolKeys`, the default's is '').
 */
export class ForgetPersonCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly email: string | null,
    readonly poolKeys: readonly string[],
  ) {
    super();
  }
}

/** Notifications answers, in the current pool: the person's choices, push subscriptions and deliveries. */
export class PersonalNotificationsQuery extends Query<PersonalPoolData['notifications']> {
  constructor(readonly userId: string) {
    super();
  }
}

/** Standings answers, in the current pool: the person's picks and standings of every season. */
export class PersonalPicksQuery extends Query<Pick<PersonalPoolData, 'picks' | 'standings'>> {
  constructor(readonly userId: string) {
    super();
  }
}
