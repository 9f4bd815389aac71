import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import {
  RenderMailQuery,
  SendWelcomeMailCommand,
  type RenderedMail,
} from '../shared/queries/mail-queries.js';
import type { TemplateValues } from './domain/templates.js';
import { NotificationChannels } from './channels.js';
import { MailTemplates } from './mail-templates.js';
import { NotificationsService } from './notifications.service.js';

/** Mails the welcome; a mail server's refusal is logged (and in the delivery log), never the sign-up's failure. */
@CommandHandler(SendWelcomeMailCommand)
export class SendWelcomeMailHandler implements ICommandHandler<SendWelcomeMailCommand> {
  private readonly logger = new Logger('Notifications');

  constructor(
    private readonly notifications: NotificationsService,
    private readonly channels: NotificationChannels,
    private readonly templates: MailTemplates,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId }: SendWelcomeMailCommand): Promise<boolean> {
    try {
      return await this.send(userId, this.clock.now());
    } catch (error) {
      this.logger.warn(`Welcome e-mail failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  /** The welcome e-mail of a new account (template `welcome`), when e-mail is set up. */
  private async send(userId: string, now: Date): Promise<boolean> {
    if (!this.channels.emailConfigured) return false;
    const found = await this.notifications.valuesFor(userId, now);
    if (!found) return false;
    const mail = await this.templates.render('welcome', found.values);
    const outcome = await this.channels.send(
      { userId, email: found.player.email },
      { kind: 'welcome', subject: mail.subject, text: mail.text, url: '/predictions', periodId: null },
      { email: true, push: false },
      now,
    );
    return outcome.delivered > 0;
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
