import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { metadataFor, type CommandContext } from '../../../shared/domain/event.js';
import { ErrorCodes } from '@treble/contracts';
import {
  decideRevokeInvitation,
  invitationModel,
  invitationStreamId,
  isWellFormedInvitationToken,
} from '../../domain/index.js';

export class RevokeInvitationCommand extends Command<void> {
  constructor(
    readonly token: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Withdraws a link: accounts it already admitted stay, nobody else gets in with it. */
@CommandHandler(RevokeInvitationCommand)
export class RevokeInvitationHandler implements ICommandHandler<RevokeInvitationCommand> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ token, context }: RevokeInvitationCommand): Promise<void> {
    if (!isWellFormedInvitationToken(token))
      throw new DomainError(ErrorCodes.INVITATION_NOT_FOUND, 'There is no such invitation.');
    await decideAndAppend(
      this.eventStore,
      invitationStreamId(token),
      invitationModel,
      (state) => decideRevokeInvitation(state, { token }),
      metadataFor(context),
    );
  }
}
