import { Query } from '@nestjs/cqrs';
import type { StreamQuestion } from '../domain/event.js';

/**
 * Questions one context asks another about a member, answered from the owner's own stream (not a
 * read table that may lag). They live here, below both contexts, so neither imports the other.
 */

/**
 * Accounts answers with the question "may this user act (not deactivated by an admin)?" about the
 * member's own stream, for the asker to read with its own streams in one round trip
 * (event-store/read-stream.ts `ask`). Unknown users count as active.
 */
export class MemberActiveQuestionQuery extends Query<StreamQuestion<boolean>> {
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
