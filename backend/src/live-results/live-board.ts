import { Injectable } from '@nestjs/common';
import { fixtureHasResult, PeriodStreams } from '../season/index.js';
import type { BoardFixture } from './domain/polling.js';

/** Every fixture of every period as the scheduler plans with: kickoff, status, result or not. */
@Injectable()
export class LiveBoard {
  constructor(private readonly periods: PeriodStreams) {}

  async load(): Promise<BoardFixture[]> {
    return (await this.periods.all()).flatMap((state) =>
      [...state.fixtures.values()].map((fixture) => ({
        periodId: state.periodId!,
        fixtureId: fixture.fixtureId,
        kickoff: fixture.kickoff,
        status: fixture.status,
        settled: fixtureHasResult(state, fixture),
      })),
    );
  }
}
