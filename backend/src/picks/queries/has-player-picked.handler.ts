import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../event-store/event-store.port.js';
import { HasPlayerPickedQuery } from '../../shared/queries/member-queries.js';
import { picksStreamId } from '../domain/picks.events.js';

/** Whether a player ever picked, from their picks stream (any pick, even one withdrawn since). */
@QueryHandler(HasPlayerPickedQuery)
export class HasPlayerPickedHandler implements IQueryHandler<HasPlayerPickedQuery> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ userId }: HasPlayerPickedQuery): Promise<boolean> {
    return (await this.eventStore.readStream(picksStreamId(userId), { maxCount: 1 })).length > 0;
  }
}
