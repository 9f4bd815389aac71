import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../event-store/event-store.port.js';
import { PoolSeasons } from '../../season/index.js';
import { HasPlayerPickedQuery } from '../../shared/queries/member-queries.js';
import { picksStreamId } from '../domain/picks.events.js';

/**
 * Whether a player ever picked, from their picks streams (any pick, even one withdrawn since), in
 * any season of the pool: a player in a past season's standings is one.
 */
@QueryHandler(HasPlayerPickedQuery)
export class HasPlayerPickedHandler implements IQueryHandler<HasPlayerPickedQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly seasons: PoolSeasons,
  ) {}

  async execute({ userId }: HasPlayerPickedQuery): Promise<boolean> {
    const scopes = (await this.seasons.all()).map((season) => season.scope);
    for (const scope of scopes.length > 0 ? scopes : ['']) {
      if ((await this.eventStore.readStream(picksStreamId(userId, scope), { maxCount: 1 })).length > 0)
        return true;
    }
    return false;
  }
}
