import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import type { Request } from 'express';
import { ErrorCodes, type CreatedInvitation } from '@treble/contracts';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { commandContext, requestUser } from '../../../platform/http/command-context.js';
import { ProjectionEngine } from '../../../projections/projection-engine.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { Player } from '../../../platform/http/access.decorators.js';
import { invitationUrl, publicBaseUrl } from '../../invitation-links.js';
import { CreateInvitationCommand } from './create-invitation.handler.js';
import { ClientWaitsForReads } from '../../../projections/read-your-writes.js';

/**
 * A player's referral link (Invite page): a real invitation, created on the first request and
 * reused after that (no limit of uses, no expiry), so a friend can sign up in an invite-only pool.
 * It is listed with the other invitations on the Admin page, where an admin can revoke it; the
 * next request then creates a new one.
 */
@ApiTags('accounts')
@Controller('invites')
export class ReferralInvitationController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly engine: ProjectionEngine,
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('referral')
  @ClientWaitsForReads()
  @HttpCode(200)
  @Player()
  @ApiOperation({
    summary: 'Your referral invitation link: created on demand, reusable, revocable by admins',
  })
  async referral(@Req() request: Request): Promise<CreatedInvitation> {
    const user = requestUser(request);
    if (!user) throw new DomainError(ErrorCodes.UNAUTHENTICATED, 'Please sign in.');
    const now = this.clock.now();
    const usable: { token: string }[] = await this.dataSource.query(
      `SELECT token FROM invitations
        WHERE created_by::text = $1 AND revoked_at IS NULL AND max_uses IS NULL
          AND (expires_at IS NULL OR expires_at > $2)
        ORDER BY created_at DESC LIMIT 1`,
      [user.id, now],
    );
    let token = usable[0]?.token;
    if (token === undefined) {
      const created = await this.commandBus.execute(
        new CreateInvitationCommand(
          { maxUses: null, expiresAt: null },
          commandContext(request, this.clock, 'player'),
        ),
      );
      token = created.token;
      if (created.position !== null) await this.engine.settle(created.position, ['invitations']);
    }
    return { token, url: invitationUrl(publicBaseUrl(request, this.config), token) };
  }
}
