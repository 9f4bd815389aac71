import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { ErrorCodes, type User } from '@treble/contracts';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { Player, Public } from '../../../platform/http/access.decorators.js';
import { CurrentUser } from '../../access/authentication.js';

@ApiTags('accounts')
@Controller('auth')
export class CurrentUserController {
  @Get('user')
  @Player()
  @ApiOperation({ summary: 'The signed-in user (401 when signed out)' })
  user(@CurrentUser() user: User): User {
    return user;
  }

  /** The original client asks for a temporary user first; Treble has none, so it falls back to /auth/user. */
  @Get('temp-user')
  @Public()
  @ApiOperation({ summary: 'Always 401: there are no temporary users' })
  temporaryUser(): never {
    throw new DomainError(ErrorCodes.UNAUTHENTICATED, 'There are no temporary users.');
  }
}
