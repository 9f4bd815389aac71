import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import {
  DEFAULT_POOL_ADDRESS,
  type CreatePoolRequest,
  type InvitationPreview,
  type PoolSummary,
} from '@treble/contracts';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { authenticationOf } from '../accounts/index.js';
import { InvitationPreviewQuery, JoinPoolCommand } from '../shared/commands/membership-commands.js';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { ApiOperation, ApiTags } from '../platform/http/api-docs.js';
import { Player } from '../platform/http/access.decorators.js';
import { commandContext } from '../platform/http/command-context.js';
import { DEFAULT_POOL_KEY } from '../platform/pool-scope/pool-scope.js';
import { ReadsFrom } from '../projections/read-your-writes.js';
import { poolNotFound } from '../shared/queries/pool-queries.js';
import { PoolCreation } from './pool-creation.js';
import { PoolDirectory } from './pool-directory.js';

export class CreatePoolBody implements CreatePoolRequest {
  @IsString()
  @MaxLength(40)
  address: string;

  @IsString()
  @MaxLength(200)
  name: string;
}

/**
 * The pools a person belongs to (docs/adr/015): the install's default pool when they are a member
 * of it, and the others they joined; creating one; joining one by an invitation link.
 */
@ApiTags('pools')
@Controller()
@Player()
export class PoolsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly directory: PoolDirectory,
    private readonly creation: PoolCreation,
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('pools')
  @ApiOperation({ summary: 'The pools you belong to, with your role in each' })
  async list(@Req() request: Request): Promise<PoolSummary[]> {
    const { user, memberOfDefaultPool } = authenticationOf(request);
    const others = await this.directory.poolsOf(user.id);
    const home: PoolSummary[] = memberOfDefaultPool
      ? [
          {
            address: DEFAULT_POOL_ADDRESS,
            name: this.config.poolName,
            role: user.isAdmin ? 'admin' : 'player',
            isDefault: true,
          },
        ]
      : [];
    return [
      ...home,
      ...others.map(({ address, name, role, archived }) => ({
        address,
        name,
        role,
        isDefault: false,
        ...(archived ? { archived } : {}),
      })),
    ];
  }

  @Post('pools')
  @ReadsFrom('users')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create a pool; you become its admin (who may create: POOL_CREATION, owner or anyone)',
  })
  async create(@Body() body: CreatePoolBody, @Req() request: Request): Promise<PoolSummary> {
    const pool = await this.creation.create(body, commandContext(request, this.clock, 'player'));
    return { address: pool.address, name: pool.name, role: 'admin', isDefault: false };
  }

  @Get('pools/:pool')
  @ApiOperation({ summary: 'One of your pools, by its address (its routes: /api/pools/{pool}/…)' })
  async one(@Param('pool') address: string, @Req() request: Request): Promise<PoolSummary> {
    const pool = (await this.list(request)).find((candidate) => candidate.address === address);
    if (pool === undefined) throw poolNotFound();
    return pool;
  }

  @Get('invitations/:token')
  @ApiOperation({ summary: 'The pool an invitation link joins and who made it, before you join' })
  async preview(@Param('token') token: string, @Req() request: Request): Promise<InvitationPreview> {
    const { user } = authenticationOf(request);
    const { poolKey, ...rest } = await this.queryBus.execute(
      new InvitationPreviewQuery(token, user.id, this.clock.now()),
    );
    return { pool: await this.describe(poolKey), ...rest };
  }

  @Post('invitations/:token/join')
  @ReadsFrom('users')
  @HttpCode(200)
  @ApiOperation({ summary: 'Join the pool of an invitation link, signed in (409 when a member already)' })
  async join(@Param('token') token: string, @Req() request: Request): Promise<PoolSummary> {
    const poolKey = await this.commandBus.execute(
      new JoinPoolCommand(token, commandContext(request, this.clock, 'player')),
    );
    return { ...(await this.describe(poolKey)), role: 'player' };
  }

  private async describe(poolKey: string): Promise<{ address: string; name: string; isDefault: boolean }> {
    if (poolKey === DEFAULT_POOL_KEY)
      return { address: DEFAULT_POOL_ADDRESS, name: this.config.poolName, isDefault: true };
    const pool = (await this.directory.pools()).find((candidate) => candidate.key === poolKey);
    if (pool === undefined) throw poolNotFound();
    return { address: pool.address, name: pool.name, isDefault: false };
  }
}
