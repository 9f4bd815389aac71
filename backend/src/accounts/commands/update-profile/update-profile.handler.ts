import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UpdateProfileRequest } from '@treble/contracts';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { metadataFor, type CommandContext } from '../../../shared/domain/event.js';
import { decideUpdateProfile, userModel, userStreamId } from '../../domain/index.js';

export class UpdateProfileCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly changes: UpdateProfileRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** A user edits their own name and picture. */
@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId, changes, context }: UpdateProfileCommand): Promise<void> {
    await decideAndAppend(
      this.eventStore,
      userStreamId(userId),
      userModel,
      (state) =>
        decideUpdateProfile(state, { userId, changes, imageHosts: this.config.accounts.profileImageHosts }),
      metadataFor(context),
    );
  }
}
