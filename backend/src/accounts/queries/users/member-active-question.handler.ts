import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { StreamQuestion } from '../../../shared/domain/event.js';
import { MemberActiveQuestionQuery } from '../../../shared/queries/member-queries.js';
import { isMember, userModel, userStreamId } from '../../domain/user.js';

/** Whether a member may act, from their own stream (a deactivation counts at once). */
@QueryHandler(MemberActiveQuestionQuery)
export class MemberActiveQuestionHandler implements IQueryHandler<MemberActiveQuestionQuery> {
  async execute({ userId }: MemberActiveQuestionQuery): Promise<StreamQuestion<boolean>> {
    return {
      streamId: userStreamId(userId),
      answer: (fold) => {
        const state = fold(userModel);
        return !(isMember(state) && !state.active);
      },
    };
  }
}
