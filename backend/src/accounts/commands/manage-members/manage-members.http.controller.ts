import { Body, Controller, Delete, HttpCode, Inject, Param, Patch, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import { ErrorCodes, type AdminUser, type SetActiveRequest, type SetFeePaidRequest } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { Admin } from '../../../platform/http/access.decorators.js';
import { ReadsFrom } from '../../../projections/read-your-writes.js';
import { UserDirectory } from '../../queries/users/user-directory.js';
import { MemberManagement } from './manage-members.js';

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

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function memberId(userId: string): string {
  if (!uuid.test(userId)) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
  return userId.toLowerCase();
}

@ApiTags('accounts')
@Controller('admin/users')
@ReadsFrom('users')
export class ManageMembersController {
  constructor(
    private readonly members: MemberManagement,
    private readonly users: UserDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private async answer(userId: string): Promise<AdminUser> {
    const user = (await this.users.listForAdmins()).find((candidate) => candidate.id === userId);
    if (user === undefined) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
    return user;
  }

  @Patch(':userId/active')
  @Admin()
  @ApiOperation({
    summary: 'Deactivate a player (no sign-in, picks or notifications; points stay) or reactivate them',
  })
  async setActive(
    @Param('userId') userId: string,
    @Body() body: SetActiveBody,
    @Req() request: Request,
  ): Promise<AdminUser> {
    const id = memberId(userId);
    await this.members.setActive(id, body.active, commandContext(request, this.clock, 'admin'));
    return this.answer(id);
  }

  @Patch(':userId/fee')
  @Admin()
  @ApiOperation({ summary: 'Mark the entry fee paid (with the day; today by default) or unpaid' })
  async setFee(
    @Param('userId') userId: string,
    @Body() body: SetFeePaidBody,
    @Req() request: Request,
  ): Promise<AdminUser> {
    const id = memberId(userId);
    const context = commandContext(request, this.clock, 'admin');
    const paidOn = body.paidOn ?? context.now.toISOString().slice(0, 10);
    await this.members.markEntryFee(id, body.paid, paidOn, context);
    return this.answer(id);
  }

  @Delete(':userId')
  @HttpCode(204)
  @Admin()
  @ApiOperation({ summary: 'Remove a player who never picked (409 USER_HAS_PICKS otherwise)' })
  async remove(@Param('userId') userId: string, @Req() request: Request): Promise<void> {
    await this.members.remove(memberId(userId), commandContext(request, this.clock, 'admin'));
  }
}
