import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { loadAggregate } from '../../../event-store/read-stream.js';
import { IsMemberActiveQuery } from '../../../shared/queries/member-queries.js';
import { isMember, userModel, userStreamId } from '../../domain/user.js';

/** Whether a member may act, from their own stream (a deactivation counts at once). */
@QueryHandler(IsMemberActiveQuery)
export class IsMemberActiveHandler implements IQueryHandler<IsMemberActiveQuery> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ userId }: IsMemberActiveQuery): Promise<boolean> {
    const { state } = await loadAggregate(this.eventStore, userStreamId(userId), userModel);
    return !(isMember(state) && !state.active);
  }
}
