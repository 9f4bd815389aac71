import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { fixtureHasResult, PeriodStreams } from '../season/index.js';
import type { BoardFixture } from './domain/polling.js';

/** Every fixture of every period as the scheduler plans with: kickoff, status, result or not. */
@Injectable()
export class LiveBoard {
  constructor(
    private readonly periods: PeriodStreams,
    private readonly dataSource: DataSource,
  ) {}

  async load(): Promise<BoardFixture[]> {
    const rows: { id: number }[] = await this.dataSource.query('SELECT id FROM periods ORDER BY id');
    const board: BoardFixture[] = [];
    for (const { id } of rows) {
      const state = await this.periods.load(id);
      for (const fixture of state.fixtures.values()) {
        board.push({
          periodId: id,
          fixtureId: fixture.fixtureId,
          kickoff: fixture.kickoff,
          status: fixture.status,
          settled: fixtureHasResult(state, fixture),
        });
      }
    }
    return board;
  }
}
