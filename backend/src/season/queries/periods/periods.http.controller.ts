import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { Period } from '@treble/contracts';
import { PeriodRow, toPeriod } from './period.entity.js';

@ApiTags('season')
@Controller('periods')
export class PeriodsController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  @ApiOperation({ summary: 'All periods, by id' })
  async list(): Promise<Period[]> {
    const rows = await this.dataSource.getRepository(PeriodRow).find({ order: { id: 'ASC' } });
    return rows.map(toPeriod);
  }
}
