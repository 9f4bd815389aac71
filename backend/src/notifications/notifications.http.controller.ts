import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '../platform/http/api-docs.js';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  type ValidationArguments,
} from 'class-validator';
import type { Request } from 'express';
import {
  ErrorCodes,
  type BroadcastRequest,
  type BroadcastResult,
  type ChannelChoice,
  type MailTemplateRequest,
  type MailTemplateView,
  mailTemplateKinds,
  type MailTemplateKind,
  type NotificationSettings,
  type NotificationSettingsRequest,
  type NotificationsOverview,
  type TimeZoneRequest,
} from '@treble/contracts';
import { Admin, Player, Public } from '../platform/http/access.decorators.js';
import { authenticationOf } from '../accounts/index.js';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { DomainError } from '../shared/domain/domain-error.js';
import { commandContext } from '../platform/http/command-context.js';
import { MailTemplates } from './mail-templates.js';
import { NotificationChannels } from './channels.js';
import { escapeHtml, isTimeZone, textToHtml } from './domain/templates.js';
import { NotificationStore, notificationKinds } from './notification-store.js';
import { NotificationsService } from './notifications.service.js';
import { NotificationBroadcasts } from './broadcasts.js';
import { ResultsDigests } from './results-digest.js';

/**
 * `{ email: boolean, push: boolean }` and nothing else, checked as a plain value: class-transformer's
 * nested conversion fails on a list or a string (a 500), so the value is never converted.
 */
function IsChannelChoice(): PropertyDecorator {
  return ValidateBy({
    name: 'isChannelChoice',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.keys(value).every((key) => key === 'email' || key === 'push') &&
        typeof (value as { email?: unknown }).email === 'boolean' &&
        typeof (value as { push?: unknown }).push === 'boolean',
      defaultMessage: (args?: ValidationArguments) =>
        `${args?.property ?? 'value'} must be { email: true|false, push: true|false }`,
    },
  });
}

export class SettingsBody implements NotificationSettingsRequest {
  @IsOptional()
  @IsString()
  @MaxLength(64)
  timeZone: string | null;

  @IsChannelChoice()
  reminder: ChannelChoice;

  @IsChannelChoice()
  results: ChannelChoice;

  /** Left out by a client that predates it: kept as it was. */
  @IsOptional()
  @IsChannelChoice()
  announcement?: ChannelChoice;
}

export class TimeZoneBody implements TimeZoneRequest {
  @IsString()
  @MaxLength(64)
  timeZone: string;
}

export class BroadcastBody implements BroadcastRequest {
  @IsIn(['all', 'not-picked'])
  audience: 'all' | 'not-picked';

  @IsString()
  @MinLength(1)
  @MaxLength(200)
  subject: string;

  @IsString()
  @MinLength(1)
  @MaxLength(10_000)
  message: string;
}

export class MailTemplateBody implements MailTemplateRequest {
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  subject: string;

  @IsString()
  @MinLength(1)
  @MaxLength(10_000)
  text: string;
}

function requireTimeZone(timeZone: string): void {
  if (!isTimeZone(timeZone)) {
    throw new DomainError(
      ErrorCodes.VALIDATION_FAILED,
      'timeZone must be an IANA time zone such as Europe/London.',
    );
  }
}

function templateKind(kind: string): MailTemplateKind {
  if (!(mailTemplateKinds as readonly string[]).includes(kind)) {
    throw new DomainError(
      ErrorCodes.NOT_FOUND,
      `There is no "${kind}" template: use ${mailTemplateKinds.join(', ')}.`,
    );
  }
  return kind as MailTemplateKind;
}

export class PreviewQuery {
  @IsIn(['reminder', 'results'])
  kind: 'reminder' | 'results';

  @Type(() => Number)
  @IsInt()
  @Min(1)
  periodId: number;
}

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/profile">Notification settings</a></p></body></html>`;

@ApiTags('notifications')
@Controller()
export class NotificationsController {
  constructor(
    private readonly store: NotificationStore,
    private readonly channels: NotificationChannels,
    private readonly notifications: NotificationsService,
    private readonly broadcasts: NotificationBroadcasts,
    private readonly digests: ResultsDigests,
    private readonly templates: MailTemplates,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('notifications/settings')
  @Player()
  @ApiOperation({ summary: 'Your notification choices (per kind and channel) and time zone' })
  settings(@Req() request: Request): Promise<NotificationSettings> {
    return this.store.settings(authenticationOf(request).user.id);
  }

  @Put('notifications/settings')
  @Player()
  @ApiOperation({ summary: 'Save your notification choices and time zone' })
  async save(@Body() body: SettingsBody, @Req() request: Request): Promise<NotificationSettings> {
    if (body.timeZone !== null && body.timeZone !== undefined) requireTimeZone(body.timeZone);
    const userId = authenticationOf(request).user.id;
    const announcement = body.announcement ?? (await this.store.settings(userId)).announcement;
    const settings: NotificationSettings = {
      timeZone: body.timeZone ?? null,
      reminder: { email: body.reminder.email, push: body.reminder.push },
      results: { email: body.results.email, push: body.results.push },
      announcement: { email: announcement.email, push: announcement.push },
    };
    await this.store.save(userId, settings, this.clock.now());
    return settings;
  }

  @Put('notifications/time-zone')
  @HttpCode(204)
  @Player()
  @ApiOperation({ summary: "The browser's time zone, kept when you have none yet" })
  async adoptTimeZone(@Body() body: TimeZoneBody, @Req() request: Request): Promise<void> {
    requireTimeZone(body.timeZone);
    await this.store.adoptTimeZone(authenticationOf(request).user.id, body.timeZone, this.clock.now());
  }

  /** The link at the bottom of every e-mail: works without signing in (it is signed by the pool). */
  @Get('notifications/unsubscribe')
  @Public()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiOperation({
    summary: 'Turn off e-mails of one kind (or all) from the link in an e-mail, without signing in',
  })
  async unsubscribe(@Query('token') token: unknown): Promise<string> {
    const { unsubscribe } = await this.channels.secrets();
    const verified = typeof token === 'string' ? unsubscribe.verify(token) : null;
    if (verified === null) {
      throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'This unsubscribe link is not valid.');
    }
    const settings = await this.store.settings(verified.userId);
    for (const kind of notificationKinds) {
      if (verified.kind === kind || verified.kind === 'all') settings[kind].email = false;
    }
    await this.store.save(verified.userId, settings, this.clock.now());
    const what = {
      all: 'e-mails',
      reminder: 'reminder e-mails',
      results: 'results e-mails',
      announcement: 'e-mailed messages from the pool host',
    }[verified.kind];
    return page(
      'Unsubscribed',
      `You will get no more ${what} from this pool. You can turn them on again in your profile.`,
    );
  }

  @Get('admin/notifications')
  @Admin()
  @ApiOperation({
    summary: 'What will be sent next and when, and the log of what was sent (Email Alerts tab)',
  })
  async overview(): Promise<NotificationsOverview> {
    return {
      emailConfigured: this.channels.emailConfigured,
      reminderHours: this.config.notifications.reminderHours,
      upcoming: await this.notifications.upcoming(this.clock.now()),
      log: await this.store.recentLog(100),
    };
  }

  @Get('admin/notifications/preview')
  @Admin()
  @ApiOperation({
    summary: 'A reminder or results digest as the signed-in admin would receive it, with real values',
  })
  async preview(
    @Query() query: PreviewQuery,
    @Req() request: Request,
  ): Promise<{ subject: string; text: string; html: string }> {
    const admin = authenticationOf(request).user;
    const player = {
      id: admin.id,
      email: admin.email,
      first_name: admin.firstName,
      last_name: admin.lastName,
      is_admin: true,
    };
    const now = this.clock.now();
    const settings = await this.store.settings(admin.id);
    const message =
      query.kind === 'results'
        ? await (await this.digests.build(query.periodId, now)).forPlayer(player)
        : await this.notifications.reminderMessage(
            player,
            await this.notifications.period(query.periodId),
            settings.timeZone,
            now,
          );
    return { subject: message.subject, text: message.text, html: textToHtml(message.text) };
  }

  @Get('admin/notifications/templates')
  @Admin()
  @ApiOperation({
    summary: 'The mail templates (welcome, reminder, results, invite) with their placeholders',
  })
  listTemplates(): Promise<MailTemplateView[]> {
    return this.templates.list();
  }

  @Put('admin/notifications/templates/:kind')
  @Admin()
  @ApiOperation({
    summary:
      'Change a mail template (400 TEMPLATE_PLACEHOLDER_UNKNOWN for a placeholder its kind does not have)',
  })
  async changeTemplate(
    @Param('kind') kind: string,
    @Body() body: MailTemplateBody,
    @Req() request: Request,
  ): Promise<MailTemplateView> {
    const which = templateKind(kind);
    await this.templates.change(
      which,
      { subject: body.subject, text: body.text },
      commandContext(request, this.clock, 'admin'),
    );
    return (await this.templates.list()).find((template) => template.kind === which)!;
  }

  @Delete('admin/notifications/templates/:kind')
  @Admin()
  @ApiOperation({ summary: "Put a mail template back to Treble's wording" })
  async resetTemplate(@Param('kind') kind: string, @Req() request: Request): Promise<MailTemplateView> {
    const which = templateKind(kind);
    await this.templates.reset(which, commandContext(request, this.clock, 'admin'));
    return (await this.templates.list()).find((template) => template.kind === which)!;
  }

  @Post('admin/notifications/broadcast')
  @HttpCode(200)
  @Admin()
  @ApiOperation({ summary: 'Send a one-off message to all active players or to those who have not picked' })
  broadcast(@Body() body: BroadcastBody): Promise<BroadcastResult> {
    return this.broadcasts.broadcast(body, this.clock.now());
  }
}
