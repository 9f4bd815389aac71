import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import type { PoolSeasonsView } from '@treble/contracts';
import { Player } from '../../../platform/http/access.decorators.js';
import { PoolSeasons } from '../../pool-seasons.js';

@ApiTags('season')
@Controller('seasons')
@Player()
export class SeasonsController {
  constructor(private readonly seasons: PoolSeasons) {}

  @Get()
  @ApiOperation({
    summary:
      "The pool's seasons, newest first: the current one, then the past ones (read them with ?season=YYYY-YY)",
  })
  async list(): Promise<PoolSeasonsView> {
    const played = await this.seasons.all();
    const current = played.at(-1)?.season ?? null;
    return {
      current,
      seasons: [...played].reverse().map((s) => ({ season: s.season, isCurrent: s.season === current })),
    };
  }
}
