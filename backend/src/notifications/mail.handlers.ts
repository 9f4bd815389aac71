import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import {
  RenderMailQuery,
  SendWelcomeMailCommand,
  type RenderedMail,
} from '../shared/queries/mail-queries.js';
import type { TemplateValues } from './domain/templates.js';
import { MailTemplates } from './mail-templates.js';
import { NotificationsService } from './notifications.service.js';

/** Mails the welcome; a mail server's refusal is logged (and in the delivery log), never the sign-up's failure. */
@CommandHandler(SendWelcomeMailCommand)
export class SendWelcomeMailHandler implements ICommandHandler<SendWelcomeMailCommand> {
  private readonly logger = new Logger('Notifications');

  constructor(
    private readonly notifications: NotificationsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId }: SendWelcomeMailCommand): Promise<boolean> {
    try {
      return await this.notifications.sendWelcome(userId, this.clock.now());
    } catch (error) {
      this.logger.warn(`Welcome e-mail failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }
}

/** Accounts asks for its e-mails in the pool's wording. */
@QueryHandler(RenderMailQuery)
export class RenderMailHandler implements IQueryHandler<RenderMailQuery> {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly templates: MailTemplates,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(query: RenderMailQuery): Promise<RenderedMail> {
    const found = await this.notifications.valuesFor(query.userId, this.clock.now());
    const values = { ...(found?.values ?? {}), ...query.values } as TemplateValues;
    return this.templates.render(query.kind, values);
  }
}
