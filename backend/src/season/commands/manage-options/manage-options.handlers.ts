import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ClearPeriodPicksCommand } from '../../../shared/commands/picks-commands.js';
import { decideAddEplOptions, decideCreateOption, decideReplaceWithEpl } from '../../domain/period-admin.js';
import { PeriodWriter } from '../../period-writer.js';
import { PeriodStreams } from '../../period-streams.js';
import { SeasonCatalogue } from '../../season-catalogue.js';
import {
  AddEplOptionsCommand,
  CreateOptionCommand,
  ReplaceWithEplCommand,
} from './manage-options.commands.js';

@CommandHandler(AddEplOptionsCommand)
export class AddEplOptionsHandler implements ICommandHandler<AddEplOptionsCommand> {
  constructor(
    private readonly periods: PeriodWriter,
    private readonly catalogue: SeasonCatalogue,
    private readonly streams: PeriodStreams,
  ) {}

  async execute({ periodId, context }: AddEplOptionsCommand): Promise<{ added: number }> {
    const teams = (await this.catalogue.currentOrDefault(context.now)).teams;
    const ids = periodId !== null ? [periodId] : (await this.streams.all()).map((period) => period.periodId!);
    let added = 0;
    for (const id of ids) {
      const { events } = await this.periods.decide(id, context, (state) =>
        periodId === null && state.isCompleted ? [] : decideAddEplOptions(id, state, teams),
      );
      for (const event of events) if (event.type === 'OptionsAdded') added += event.data.options.length;
    }
    return { added };
  }
}

/**
 * Replaces a period's options by the 20 EPL teams. As its confirmation warns, the period's options,
 * results and every player's picks in it go: the period stream records the options and results
 * leaving, and the picks context clears every player's picks in the period (its own streams).
 */
@CommandHandler(ReplaceWithEplCommand)
export class ReplaceWithEplHandler implements ICommandHandler<ReplaceWithEplCommand> {
  constructor(
    private readonly periods: PeriodWriter,
    private readonly catalogue: SeasonCatalogue,
    private readonly commandBus: CommandBus,
  ) {}

  async execute({
    periodId,
    context,
  }: ReplaceWithEplCommand): Promise<{ removed: number; added: number; playersCleared: number }> {
    const teams = (await this.catalogue.currentOrDefault(context.now)).teams;
    const { events } = await this.periods.decide(periodId, context, (state) =>
      decideReplaceWithEpl(periodId, state, teams),
    );
    let removed = 0;
    let added = 0;
    for (const event of events) {
      if (event.type === 'OptionsRemoved') removed = event.data.optionIds.length;
      if (event.type === 'OptionsAdded') added = event.data.options.length;
    }
    const { playersCleared } = await this.commandBus.execute(new ClearPeriodPicksCommand(periodId, context));
    return { removed, added, playersCleared };
  }
}

@CommandHandler(CreateOptionCommand)
export class CreateOptionHandler implements ICommandHandler<CreateOptionCommand> {
  constructor(private readonly periods: PeriodWriter) {}

  async execute({ periodId, input, context }: CreateOptionCommand): Promise<string> {
    const { events } = await this.periods.decide(periodId, context, (state) =>
      decideCreateOption(periodId, state, input),
    );
    const added = events.find((event) => event.type === 'OptionsAdded');
    return added && added.type === 'OptionsAdded' ? added.data.options[0]!.optionId : '';
  }
}
