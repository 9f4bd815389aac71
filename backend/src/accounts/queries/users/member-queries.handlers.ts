import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { StreamQuestion } from '../../../shared/domain/event.js';
import { MemberActiveQuestionQuery } from '../../../shared/queries/member-queries.js';
import { PersonPoolsQuery, PoolMemberCountsQuery } from '../../../shared/commands/membership-commands.js';
import type { PoolRole } from '@treble/contracts';
import { UserDirectory } from './user-directory.js';
import { isMember, userModel } from '../../domain/user.js';
import { membershipStreamId } from '../../membership.js';

/** Whether a member may act in the current pool, from their membership stream (a deactivation counts at once). */
@QueryHandler(MemberActiveQuestionQuery)
export class MemberActiveQuestionHandler implements IQueryHandler<MemberActiveQuestionQuery> {
  async execute({ userId }: MemberActiveQuestionQuery): Promise<StreamQuestion<boolean>> {
    return {
      streamId: membershipStreamId(userId),
      answer: (fold) => {
        const state = fold(userModel);
        return !(isMember(state) && !state.active);
      },
    };
  }
}

@QueryHandler(PersonPoolsQuery)
export class PersonPoolsHandler implements IQueryHandler<PersonPoolsQuery> {
  constructor(private readonly users: UserDirectory) {}

  execute({ userId }: PersonPoolsQuery): Promise<{ key: string; role: PoolRole }[]> {
    return this.users.poolsOf(userId);
  }
}

@QueryHandler(PoolMemberCountsQuery)
export class PoolMemberCountsHandler implements IQueryHandler<PoolMemberCountsQuery> {
  constructor(private readonly users: UserDirectory) {}

  execute(): Promise<Map<string, number>> {
    return this.users.memberCounts();
  }
}
