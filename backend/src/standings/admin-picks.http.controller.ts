import { Controller, Get, Param, ParseIntPipe } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../platform/http/api-docs.js';
import { ErrorCodes, type ChoiceView, type TeamUsage } from '@treble/contracts';
import { Admin } from '../platform/http/access.decorators.js';
import { DomainError } from '../shared/domain/domain-error.js';
import { ChoiceQueries } from './queries/choice.queries.js';

/**
 * Admin reads for the Historical tab: unlike `GET /api/periods/:id/picks`, every pick of the period
 * whether or not its option has locked, and any player's usage (the retroactive cap is theirs).
 */
@ApiTags('standings')
@Controller('admin')
@Admin()
export class AdminPicksController {
  constructor(private readonly choices: ChoiceQueries) {}

  @Get('choices/period/:periodId')
  @ApiOperation({ summary: "Admin: every player's picks in a period, by player then time" })
  periodChoices(@Param('periodId', ParseIntPipe) periodId: number): Promise<ChoiceView[]> {
    return this.choices.forPeriod(periodId);
  }

  @Get('users/:userId/usage')
  @ApiOperation({ summary: "Admin: a player's uses of each team this season (voided picks left out)" })
  usage(@Param('userId') userId: string): Promise<TeamUsage[]> {
    if (userId.length > 64) throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'userId: too long');
    return this.choices.usage(userId);
  }
}
