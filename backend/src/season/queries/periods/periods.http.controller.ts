import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { Period } from '@treble/contracts';
import { PeriodRow, toPeriod } from './period.entity.js';
import { Player } from '../../../accounts/access/access.decorators.js';

@ApiTags('periods')
@Controller('periods')
@Player()
export class PeriodsController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  @ApiOperation({ summary: 'All periods, by id' })
  async list(): Promise<Period[]> {
    const rows = await this.dataSource.getRepository(PeriodRow).find({ order: { id: 'ASC' } });
    return rows.map(toPeriod);
  }

  @Get('current')
  @ApiOperation({ summary: 'The current period: the lowest-numbered active period that is not completed (or null)' })
  async current(): Promise<Period | null> {
    const row = await this.dataSource
      .getRepository(PeriodRow)
      .findOne({ where: { isActive: true, isCompleted: false }, order: { id: 'ASC' } });
    return row ? toPeriod(row) : null;
  }
}
