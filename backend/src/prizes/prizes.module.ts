import { Module } from '@nestjs/common';
import { SeasonModule } from '../season/index.js';
import { StandingsModule } from '../standings/index.js';
import { PrizesWriter } from './commands/prizes.writer.js';
import { PrizesController } from './prizes.http.controller.js';
import { PrizeQueries } from './queries/prize.queries.js';

@Module({
  imports: [StandingsModule, SeasonModule],
  controllers: [PrizesController],
  providers: [PrizesWriter, PrizeQueries],
  exports: [PrizeQueries],
})
export class PrizesModule {}
