import { Controller, Get, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { DEFAULT_POOL_ADDRESS, type PoolSummary } from '@treble/contracts';
import { authenticationOf } from '../accounts/index.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { ApiOperation, ApiTags } from '../platform/http/api-docs.js';
import { Player } from '../platform/http/access.decorators.js';
import { poolNotFound } from './pool-routes.js';

/** The pools a person belongs to (docs/adr/015): so far the install's default pool, for everyone. */
@ApiTags('pools')
@Controller('pools')
@Player()
export class PoolsController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @ApiOperation({ summary: 'The pools you belong to, with your role in each' })
  list(@Req() request: Request): PoolSummary[] {
    const { user } = authenticationOf(request);
    return [
      {
        address: DEFAULT_POOL_ADDRESS,
        name: this.config.poolName,
        role: user.isAdmin ? 'admin' : 'player',
        isDefault: true,
      },
    ];
  }

  @Get(':pool')
  @ApiOperation({ summary: 'One of your pools, by its address (its routes: /api/pools/{pool}/…)' })
  one(@Param('pool') address: string, @Req() request: Request): PoolSummary {
    const pool = this.list(request).find((candidate) => candidate.address === address);
    if (pool === undefined) throw poolNotFound();
    return pool;
  }
}
