import { Module } from '@nestjs/common';
import { SeasonModule } from '../season/index.js';
import {
  MakeChoiceHandler,
  MakeRetroactiveChoicesHandler,
  PicksWriter,
  WithdrawChoiceHandler,
} from './commands/picks.handlers.js';
import { ClearPeriodPicksHandler, VoidOptionPicksHandler } from './commands/picks-maintenance.handlers.js';
import { PicksController } from './commands/picks.http.controller.js';
import { HasPlayerPickedHandler } from './queries/has-player-picked.handler.js';

@Module({
  imports: [SeasonModule],
  controllers: [PicksController],
  providers: [
    PicksWriter,
    MakeChoiceHandler,
    WithdrawChoiceHandler,
    MakeRetroactiveChoicesHandler,
    ClearPeriodPicksHandler,
    VoidOptionPicksHandler,
    HasPlayerPickedHandler,
  ],
})
export class PicksModule {}
