import { Body, Controller, Delete, HttpCode, Inject, Param, Patch, Req } from '@nestjs/common';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import type {
  AdminUser,
  SetActiveRequest,
  SetAdminRequest,
  SetFeePaidRequest,
  User,
} from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { Admin } from '../../../platform/http/access.decorators.js';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { ReadsFrom } from '../../../projections/read-your-writes.js';
import { MemberManagementService } from './member-management.service.js';

export class SetAdminBody implements SetAdminRequest {
  @IsBoolean()
  isAdmin: boolean;
}

export class SetActiveBody implements SetActiveRequest {
  @IsBoolean()
  active: boolean;
}

export class SetFeePaidBody implements SetFeePaidRequest {
  @IsBoolean()
  paid: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(10)
  paidOn?: string;
}

/** Admin › Users: the routes of what admins do to members (the service holds the rules). */
@ApiTags('accounts')
@Controller('admin/users')
@ReadsFrom('users')
export class ManageMembersController {
  constructor(
    private readonly members: MemberManagementService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Patch(':userId/admin')
  @Admin()
  @ApiOperation({ summary: 'Grant or revoke admin (the last admin cannot be revoked)' })
  setAdmin(
    @Param('userId') userId: string,
    @Body() body: SetAdminBody,
    @Req() request: Request,
  ): Promise<User> {
    return this.members.setAdmin(userId, body.isAdmin, commandContext(request, this.clock, 'admin'));
  }

  @Patch(':userId/active')
  @Admin()
  @ApiOperation({
    summary: 'Deactivate a player (no sign-in, picks or notifications; points stay) or reactivate them',
  })
  setActive(
    @Param('userId') userId: string,
    @Body() { active }: SetActiveBody,
    @Req() request: Request,
  ): Promise<AdminUser> {
    return this.members.setActive(userId, active, commandContext(request, this.clock, 'admin'));
  }

  @Patch(':userId/fee')
  @Admin()
  @ApiOperation({ summary: 'Mark the entry fee paid (with the day; today by default) or unpaid' })
  setFee(
    @Param('userId') userId: string,
    @Body() { paid, paidOn }: SetFeePaidBody,
    @Req() request: Request,
  ): Promise<AdminUser> {
    return this.members.setFee(userId, { paid, paidOn }, commandContext(request, this.clock, 'admin'));
  }

  @Delete(':userId')
  @HttpCode(204)
  @Admin()
  @ApiOperation({ summary: 'Remove a player who never picked (409 USER_HAS_PICKS otherwise)' })
  remove(@Param('userId') userId: string, @Req() request: Request): Promise<void> {
    return this.members.remove(userId, commandContext(request, this.clock, 'admin'));
  }
}
