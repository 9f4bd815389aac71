import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { InstallPool } from '@treble/contracts';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { ApiOperation, ApiTags } from '../platform/http/api-docs.js';
import { Player } from '../platform/http/access.decorators.js';
import { commandContext } from '../platform/http/command-context.js';
import { InstallPools } from './install-pools.js';

/** The install owner's pools page: every pool with its member count; archive, restore, delete. */
@ApiTags('pools')
@Controller('install/pools')
@Player()
export class InstallPoolsController {
  constructor(
    private readonly pools: InstallPools,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({
    summary: "Every pool of the install with how many members it has (the install's owner only)",
  })
  list(@Req() request: Request): Promise<InstallPool[]> {
    return this.pools.list(commandContext(request, this.clock, 'admin').actor);
  }

  @Post(':address/archive')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archive a pool: read-only, no results or reminders (the owner only)' })
  archive(@Param('address') address: string, @Req() request: Request): Promise<InstallPool[]> {
    return this.pools.archive(address, true, commandContext(request, this.clock, 'admin'));
  }

  @Post(':address/restore')
  @HttpCode(200)
  @ApiOperation({ summary: 'Restore an archived pool to play (the owner only)' })
  restore(@Param('address') address: string, @Req() request: Request): Promise<InstallPool[]> {
    return this.pools.archive(address, false, commandContext(request, this.clock, 'admin'));
  }

  @Delete(':address')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Delete an archived pool: gone from every page, its address kept (the owner only)',
  })
  remove(@Param('address') address: string, @Req() request: Request): Promise<InstallPool[]> {
    return this.pools.delete(address, commandContext(request, this.clock, 'admin'));
  }
}
