import { Module } from '@nestjs/common';
import { SeasonModule } from '../season/season.module.js';
import {
  ClearPeriodHandler,
  MakeChoiceHandler,
  MakeRetroactiveChoicesHandler,
  PicksWriter,
  WithdrawChoiceHandler,
} from './commands/picks.handlers.js';
import { PicksController } from './commands/picks.http.controller.js';

@Module({
  imports: [SeasonModule],
  controllers: [PicksController],
  providers: [PicksWriter, MakeChoiceHandler, WithdrawChoiceHandler, ClearPeriodHandler, MakeRetroactiveChoicesHandler],
})
export class PicksModule {}
