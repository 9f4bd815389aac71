import { Body, Controller, Inject, Param, Patch, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ReadsFrom } from '../../../projections/read-your-writes.js';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { IsBoolean } from 'class-validator';
import type { Request } from 'express';
import { ErrorCodes, type SetAdminRequest, type User } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { Admin } from '../../../platform/http/access.decorators.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { UserDirectory } from '../../queries/users/user-directory.js';
import { SetAdminCommand } from './set-admin.handler.js';

export class SetAdminBody implements SetAdminRequest {
  @IsBoolean()
  isAdmin: boolean;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@ApiTags('accounts')
@Controller('admin/users')
export class SetAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly users: UserDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Patch(':userId/admin')
  @ReadsFrom('users')
  @Admin()
  @ApiOperation({ summary: 'Grant or revoke admin (the last admin cannot be revoked)' })
  async setAdmin(
    @Param('userId') userId: string,
    @Body() body: SetAdminBody,
    @Req() request: Request,
  ): Promise<User> {
    if (!uuid.test(userId)) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
    await this.commandBus.execute(
      new SetAdminCommand(userId.toLowerCase(), body.isAdmin, commandContext(request, this.clock, 'admin')),
    );
    const user = await this.users.find(userId.toLowerCase());
    if (user === null) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
    return user;
  }
}
