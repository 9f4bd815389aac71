import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { IsString, MaxLength, ValidateBy, type ValidationArguments } from 'class-validator';
import type { Request } from 'express';
import {
  ErrorCodes,
  type PushEndpointRequest,
  type PushKey,
  type PushSubscriptionRequest,
} from '@treble/contracts';
import { authenticationOf } from '../accounts/index.js';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { ApiOperation, ApiTags } from '../platform/http/api-docs.js';
import { Player } from '../platform/http/access.decorators.js';
import { DomainError } from '../shared/domain/domain-error.js';
import { NotificationChannels } from './channels.js';
import { checkPushEndpoint } from './push-endpoints.js';
import { pushSubscriptionsPerPlayer, PushSubscriptionStore } from './push-subscription-store.js';

/** A push subscription's keys: `{ p256dh, auth }`, short strings, checked as a plain value. */
function IsPushKeys(): PropertyDecorator {
  return ValidateBy({
    name: 'isPushKeys',
    validator: {
      validate: (value: unknown) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
        const { p256dh, auth } = value as { p256dh?: unknown; auth?: unknown };
        return (
          Object.keys(value).every((key) => key === 'p256dh' || key === 'auth') &&
          typeof p256dh === 'string' &&
          p256dh.length > 0 &&
          p256dh.length <= 200 &&
          typeof auth === 'string' &&
          auth.length > 0 &&
          auth.length <= 100
        );
      },
      defaultMessage: (args?: ValidationArguments) =>
        `${args?.property ?? 'value'} must be { p256dh, auth } (short strings)`,
    },
  });
}

export class PushSubscriptionBody implements PushSubscriptionRequest {
  /** Any string: checkPushEndpoint decides (400 PUSH_ENDPOINT_REFUSED). */
  @IsString()
  @MaxLength(2048)
  endpoint: string;

  @IsPushKeys()
  keys: PushSubscriptionRequest['keys'];
}

export class EndpointBody implements PushEndpointRequest {
  @IsString()
  @MaxLength(2048)
  endpoint: string;
}

/** Web Push: the pool's public key, and each player's browsers' subscriptions. */
@ApiTags('notifications')
@Controller()
export class PushController {
  constructor(
    private readonly subscriptions: PushSubscriptionStore,
    private readonly channels: NotificationChannels,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('notifications/push/key')
  @Player()
  @ApiOperation({ summary: "The pool's VAPID public key, for PushManager.subscribe" })
  async pushKey(): Promise<PushKey> {
    return { publicKey: (await this.channels.secrets()).vapid.publicKey };
  }

  @Post('notifications/push/subscriptions')
  @HttpCode(204)
  @Player()
  @ApiOperation({
    summary: `Register this browser's push subscription (a browser push service's https endpoint, else 400 PUSH_ENDPOINT_REFUSED; another player's, 409 PUSH_ENDPOINT_TAKEN); a player keeps their newest ${pushSubscriptionsPerPlayer}`,
  })
  async subscribe(@Body() body: PushSubscriptionBody, @Req() request: Request): Promise<void> {
    const check = checkPushEndpoint(body.endpoint, this.config.notifications.pushTestServiceOrigin);
    if (!check.ok) {
      throw new DomainError(
        ErrorCodes.PUSH_ENDPOINT_REFUSED,
        `This push subscription cannot be used: ${check.reason}`,
      );
    }
    const outcome = await this.subscriptions.register(
      authenticationOf(request).user.id,
      { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
      this.clock.now(),
    );
    if (outcome === 'taken') {
      throw new DomainError(
        ErrorCodes.PUSH_ENDPOINT_TAKEN,
        'This push subscription belongs to another account: subscribe again in this browser.',
      );
    }
  }

  @Delete('notifications/push/subscriptions')
  @HttpCode(204)
  @Player()
  @ApiOperation({
    summary: "Forget this browser's push subscription (404 PUSH_SUBSCRIPTION_NOT_FOUND if it is not yours)",
  })
  async unsubscribe(@Body() body: EndpointBody, @Req() request: Request): Promise<void> {
    if (!(await this.subscriptions.unregister(authenticationOf(request).user.id, body.endpoint))) {
      throw new DomainError(
        ErrorCodes.PUSH_SUBSCRIPTION_NOT_FOUND,
        'You have no push subscription with this endpoint.',
      );
    }
  }
}
