import { randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { metadataFor, type CommandContext } from '../../../shared/domain/event.js';
import { decideCreateInvitation, invitationModel, invitationStreamId } from '../../domain/index.js';

export class CreateInvitationCommand extends Command<{ token: string }> {
  constructor(
    readonly limits: { maxUses: number | null; expiresAt: Date | null },
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** A new invitation link; its token is 24 random bytes, URL-safe (32 characters). */
@CommandHandler(CreateInvitationCommand)
export class CreateInvitationHandler implements ICommandHandler<CreateInvitationCommand> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ limits, context }: CreateInvitationCommand): Promise<{ token: string }> {
    const token = randomBytes(24).toString('base64url');
    await decideAndAppend(
      this.eventStore,
      invitationStreamId(token),
      invitationModel,
      (state) =>
        decideCreateInvitation(state, { token, ...limits, createdBy: context.actor, now: context.now }),
      metadataFor(context),
    );
    return { token };
  }
}
