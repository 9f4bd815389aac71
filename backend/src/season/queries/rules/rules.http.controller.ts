import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import type { PoolRules } from '@treble/contracts';
import { Public } from '../../../platform/http/access.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';

/**
 * The pool's effective rules (configuration may change the defaults): the web app states limits,
 * points and the survivor rule from this answer, so what it says is what the server enforces.
 * Public: the landing and prizes pages explain the game before anyone signs in.
 */
@ApiTags('season')
@Controller('rules')
export class RulesController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: "The pool's rules: picks per period, team use limits, points, survivor and Last 10 settings",
  })
  rules(): PoolRules {
    return this.config.rules;
  }
}
