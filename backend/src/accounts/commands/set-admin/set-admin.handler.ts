import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ErrorCodes } from '@treble/contracts';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { metadataFor, type CommandContext } from '../../../shared/domain/event.js';
import { decideSetAdmin, poolAdminsModel, poolAdminsStreamId, userStreamId } from '../../domain/index.js';

export class SetAdminCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly isAdmin: boolean,
    /** The acting admin: recorded as the events' actor. */
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Grants or revokes admin on the pool-admins stream; the last admin stays (LAST_ADMIN). */
@CommandHandler(SetAdminCommand)
export class SetAdminHandler implements ICommandHandler<SetAdminCommand> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ userId, isAdmin, context }: SetAdminCommand): Promise<void> {
    const account = await this.eventStore.readStream(userStreamId(userId), { maxCount: 1 });
    if (account.length === 0) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
    await decideAndAppend(
      this.eventStore,
      poolAdminsStreamId,
      poolAdminsModel,
      (state) => decideSetAdmin(state, { userId, isAdmin }),
      metadataFor(context),
    );
  }
}
