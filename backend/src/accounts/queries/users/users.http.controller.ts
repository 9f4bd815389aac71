import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import type { AdminUser } from '@treble/contracts';
import { Admin } from '../../../platform/http/access.decorators.js';
import { UserDirectory } from './user-directory.js';

@ApiTags('accounts')
@Controller('admin/users')
export class UsersController {
  constructor(private readonly users: UserDirectory) {}

  @Get()
  @Admin()
  @ApiOperation({
    summary: 'Every account of the pool, oldest first, with active, entry fee and picks (admins only)',
  })
  list(): Promise<AdminUser[]> {
    return this.users.listForAdmins();
  }
}
