import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { PeriodStreams } from '../../season/index.js';
import { ClearPeriodPicksCommand, VoidOptionPicksCommand } from '../../shared/commands/picks-commands.js';
import { decideClearPeriodChoices, decideVoidChoicesOnOption } from '../domain/decide-picks.js';
import { periodView, PicksWriter } from './picks.handlers.js';

/** The players with a pick in a period, or on one option (from the picks read table). */
async function playersWithPicks(
  dataSource: DataSource,
  on: { periodId: number } | { optionId: string },
): Promise<string[]> {
  const [column, value] = 'periodId' in on ? ['period_id', on.periodId] : ['option_id', on.optionId];
  const rows: { user_id: string }[] = await dataSource.query(
    `SELECT DISTINCT user_id FROM choices WHERE ${column} = $1`,
    [value],
  );
  return rows.map((row) => row.user_id);
}

/**
 * Clears every player's picks in a period, each in their own stream: the admin's "Clear All", and
 * the season context when a period's options are replaced by the EPL teams.
 */
@CommandHandler(ClearPeriodPicksCommand)
export class ClearPeriodPicksHandler implements ICommandHandler<ClearPeriodPicksCommand> {
  constructor(
    private readonly picks: PicksWriter,
    private readonly periods: PeriodStreams,
    private readonly dataSource: DataSource,
  ) {}

  async execute({ periodId, context }: ClearPeriodPicksCommand): Promise<{ playersCleared: number }> {
    const scope = await this.picks.scope();
    periodView(periodId, await this.periods.load(periodId, scope));
    let cleared = 0;
    let position: bigint | null = null;
    for (const userId of await playersWithPicks(this.dataSource, { periodId })) {
      const result = await this.picks.decide(
        userId,
        scope,
        context,
        (state) => decideClearPeriodChoices({ type: 'ClearPeriodChoices', userId, periodId }, state),
        false,
      );
      if (result.position !== null) {
        cleared++;
        position = result.position;
      }
    }
    await this.picks.waitFor(position);
    return { playersCleared: cleared };
  }
}

/** Voids every player's picks on an option whose fixture was called off (unless they had locked). */
@CommandHandler(VoidOptionPicksCommand)
export class VoidOptionPicksHandler implements ICommandHandler<VoidOptionPicksCommand> {
  constructor(
    private readonly picks: PicksWriter,
    private readonly dataSource: DataSource,
  ) {}

  async execute({ option, reason, context }: VoidOptionPicksCommand): Promise<{ voided: number }> {
    const scope = await this.picks.scope();
    let voided = 0;
    let position: bigint | null = null;
    for (const userId of await playersWithPicks(this.dataSource, { optionId: option.id })) {
      const result = await this.picks.decide(
        userId,
        scope,
        context,
        (state) =>
          decideVoidChoicesOnOption(
            { type: 'VoidChoicesOnOption', userId, optionId: option.id, reason },
            state,
            { now: context.now, option },
          ),
        false,
      );
      voided += result.events.length;
      if (result.position !== null) position = result.position;
    }
    await this.picks.waitFor(position);
    return { voided };
  }
}
