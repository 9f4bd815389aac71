import { Body, Controller, HttpCode, Inject, Patch, Post, Req } from '@nestjs/common';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import type { ChangePasswordRequest, UpdateProfileRequest, User } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { Player } from '../../../platform/http/access.decorators.js';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { ReadsFrom } from '../../../projections/read-your-writes.js';
import { authenticationOf } from '../../access/authentication.js';
import { OwnAccountService } from './own-account.service.js';

export class UpdateProfileBody implements UpdateProfileRequest {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  firstName?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  lastName?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  profileImageUrl?: string | null;
}

export class ChangePasswordBody implements ChangePasswordRequest {
  @IsString()
  @MaxLength(1024)
  currentPassword: string;

  @IsString()
  @MaxLength(1024)
  newPassword: string;
}

/** What signed-in players change of their own account: their name and picture, their password. */
@ApiTags('accounts')
@Controller('auth')
export class OwnAccountController {
  constructor(
    private readonly account: OwnAccountService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Patch('user')
  @ReadsFrom('users')
  @Player()
  @ApiOperation({ summary: 'Edit your own name and picture URL' })
  update(@Body() changes: UpdateProfileBody, @Req() request: Request): Promise<User> {
    return this.account.updateProfile(changes, commandContext(request, this.clock, 'player'));
  }

  @Post('password')
  @HttpCode(204)
  @Player()
  @ApiOperation({ summary: 'Change your password (needs the current one); signs out your other sessions' })
  changePassword(@Body() body: ChangePasswordBody, @Req() request: Request): Promise<void> {
    return this.account.changePassword(authenticationOf(request), body, this.clock.now());
  }
}
