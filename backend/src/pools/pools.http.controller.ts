import { Controller, Get, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { DEFAULT_POOL_ADDRESS, type PoolSummary } from '@treble/contracts';
import { authenticationOf } from '../accounts/index.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { ApiOperation, ApiTags } from '../platform/http/api-docs.js';
import { Player } from '../platform/http/access.decorators.js';
import { PoolDirectory } from './pool-directory.js';
import { poolNotFound } from '../shared/queries/pool-queries.js';

/** The pools a person belongs to (docs/adr/015): the install's default pool, for everyone, and those they are members of. */
@ApiTags('pools')
@Controller('pools')
@Player()
export class PoolsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly directory: PoolDirectory,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The pools you belong to, with your role in each' })
  async list(@Req() request: Request): Promise<PoolSummary[]> {
    const { user } = authenticationOf(request);
    const others = await this.directory.poolsOf(user.id);
    return [
      {
        address: DEFAULT_POOL_ADDRESS,
        name: this.config.poolName,
        role: user.isAdmin ? 'admin' : 'player',
        isDefault: true,
      },
      ...others.map(({ address, name, role }) => ({ address, name, role, isDefault: false })),
    ];
  }

  @Get(':pool')
  @ApiOperation({ summary: 'One of your pools, by its address (its routes: /api/pools/{pool}/…)' })
  async one(@Param('pool') address: string, @Req() request: Request): Promise<PoolSummary> {
    const pool = (await this.list(request)).find((candidate) => candidate.address === address);
    if (pool === undefined) throw poolNotFound();
    return pool;
  }
}
