import { Query } from '@nestjs/cqrs';

/**
 * The pools context answers: what is this person in this pool (docs/adr/015)? `null` for a
 * non-member (and for a pool that does not exist: which of the two is not said). Asked by the
 * access guard for every request in a pool other than the default one.
 */
export class PoolRoleQuery extends Query<'admin' | 'player' | null> {
  constructor(
    readonly poolKey: string,
    readonly userId: string,
  ) {
    super();
  }
}
