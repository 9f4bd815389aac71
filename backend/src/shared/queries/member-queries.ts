import { Query } from '@nestjs/cqrs';

/**
 * Questions one context asks another about a member, answered from the owner's own stream (not a
 * read table that may lag). They live here, below both contexts, so neither imports the other.
 */

/** Accounts answers: may this user act (not deactivated by an admin)? Unknown users count as active. */
export class IsMemberActiveQuery extends Query<boolean> {
  constructor(readonly userId: string) {
    super();
  }
}

/** Picks answers: has this player ever made a pick (a withdrawn one counts)? */
export class HasPlayerPickedQuery extends Query<boolean> {
  constructor(readonly userId: string) {
    super();
  }
}
