import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SeasonWriter } from '../../season-writer.js';
import { StartNextSeasonCommand } from './start-season.commands.js';

@CommandHandler(StartNextSeasonCommand)
export class StartNextSeasonHandler implements ICommandHandler<StartNextSeasonCommand> {
  constructor(private readonly writer: SeasonWriter) {}

  async execute({ season, unfinished, force, context }: StartNextSeasonCommand): Promise<void> {
    await this.writer.start({ mode: 'next', season, unfinished, force }, context);
  }
}
