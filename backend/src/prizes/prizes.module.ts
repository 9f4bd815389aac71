import { Module } from '@nestjs/common';
import { SeasonModule } from '../season/index.js';
import { StandingsModule } from '../standings/index.js';
import {
  CreatePrizeHandler,
  DeletePrizeHandler,
  PrizeSeeder,
  PrizesWriter,
  UpdatePrizeHandler,
} from './commands/prizes.handlers.js';
import { PrizesController } from './prizes.http.controller.js';
import { PrizeQueries } from './queries/prize.queries.js';

@Module({
  imports: [StandingsModule, SeasonModule],
  controllers: [PrizesController],
  providers: [
    PrizesWriter,
    PrizeSeeder,
    PrizeQueries,
    CreatePrizeHandler,
    UpdatePrizeHandler,
    DeletePrizeHandler,
  ],
  exports: [PrizeQueries],
})
export class PrizesModule {}
