import { Body, Controller, Inject, Patch, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ReadsFrom } from '../../../projections/read-your-writes.js';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import { ErrorCodes, type UpdateProfileRequest, type User } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { Player } from '../../../platform/http/access.decorators.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { authenticationOf } from '../../access/authentication.js';
import { UserDirectory } from '../../queries/users/user-directory.js';
import { UpdateProfileCommand } from './update-profile.handler.js';

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

@ApiTags('accounts')
@Controller('auth')
export class UpdateProfileController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly users: UserDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Patch('user')
  @ReadsFrom('users')
  @Player()
  @ApiOperation({ summary: 'Edit your own name and picture URL' })
  async update(@Body() body: UpdateProfileBody, @Req() request: Request): Promise<User> {
    const { user } = authenticationOf(request);
    await this.commandBus.execute(
      new UpdateProfileCommand(user.id, body, commandContext(request, this.clock, 'player')),
    );
    const updated = await this.users.find(user.id);
    if (updated === null) throw new DomainError(ErrorCodes.USER_NOT_FOUND, 'There is no such user.');
    return updated;
  }
}
