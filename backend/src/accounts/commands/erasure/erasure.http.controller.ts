import { Body, Controller, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IsString, IsUUID, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import type { EraseMemberRequest, EraseMyAccountRequest } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { Admin, Player } from '../../../platform/http/access.decorators.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { authenticationOf } from '../../access/authentication.js';
import { SessionIssuer } from '../../sessions/session-issuer.js';
import { PersonalDataErasure } from './personal-data-erasure.js';

class EraseMyAccountBody implements EraseMyAccountRequest {
  @IsString({ message: 'password: is required' }) @MaxLength(1024) password!: string;
}

class EraseMemberBody implements EraseMemberRequest {
  @IsUUID('all', { message: "confirmUserId: must repeat the member's id" }) confirmUserId!: string;
}

/** Erasing a person's data (docs/adr/017): their own request, or an admin's on their behalf. */
@ApiTags('accounts')
@Controller()
export class ErasureController {
  constructor(
    private readonly erasure: PersonalDataErasure,
    private readonly sessions: SessionIssuer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('auth/user/erasure')
  @HttpCode(204)
  @Player()
  @ApiOperation({
    summary:
      'Delete your account: your data is erased, a stand-in keeps your picks and points (needs your password)',
  })
  async eraseMyself(
    @Body() { password }: EraseMyAccountBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    await this.erasure.eraseMyself(
      authenticationOf(request),
      password,
      commandContext(request, this.clock, 'player'),
    );
    await this.sessions.signOut(request, response);
  }

  @Post('admin/users/:userId/erasure')
  @HttpCode(204)
  @Admin()
  @ApiOperation({ summary: "Erase a member's data on their request (a member of no other pool)" })
  eraseMember(
    @Param('userId') userId: string,
    @Body() { confirmUserId }: EraseMemberBody,
    @Req() request: Request,
  ): Promise<void> {
    return this.erasure.eraseMember(userId, confirmUserId, commandContext(request, this.clock, 'admin'));
  }
}
