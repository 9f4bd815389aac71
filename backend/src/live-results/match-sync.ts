import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { ResultsUpdateSummary } from '@treble/contracts';
import type { ProviderResultReport } from '../results/index.js';
import {
  RecordResultCommand,
  type RecordResultOutcome,
  AutoCompletePeriodCommand,
  SyncFixtureCommand,
  decideSyncFixture,
  fixtureOptionIds,
  isCalledOff,
  optionIdFor,
  optionView,
  type PeriodState,
  type Fixture,
  PeriodStreams,
  SeasonCatalogue,
} from '../season/index.js';
import { VoidOptionPicksCommand } from '../shared/commands/picks-commands.js';
import type { CommandContext } from '../shared/domain/event.js';
import type { VoidReason } from '../shared/domain/option-view.js';
import { fixtureIdOf, fixtureUpdateOf, resultsOf } from './domain/match-plan.js';
import { isFinal, type ProviderAnswer, type ProviderMatch } from './domain/provider-match.js';
import { LiveNotifier } from '../shared/ports/live-notifier.js';

export type SyncSummary = Omit<ResultsUpdateSummary, 'message'>;

/** Who runs a sync: the scheduler (actor = provider name) or an admin (actor = their id). */
type SyncContext = Omit<CommandContext, 'source'>;

/**
 * The process manager between the results provider and the pool. For each match the provider
 * reports: its kickoff and status are re-synced onto its period (`FixtureUpdated`; a postponement
 * before the options lock first voids the picks on both teams), a final score becomes both options'
 * results through `RecordResultCommand` (source `provider`), and a period whose every fixture is
 * finished with results completes itself. Every step is idempotent (the deciders decide nothing
 * the second time), so a poll that is repeated, or resumed after a crash, is safe.
 */
@Injectable()
export class MatchSync {
  private readonly logger = new Logger('LiveResults');

  constructor(
    private readonly periods: PeriodStreams,
    private readonly commandBus: CommandBus,
    private readonly catalogue: SeasonCatalogue,
    private readonly notifier: LiveNotifier,
  ) {}

  async apply(answer: ProviderAnswer, sync: SyncContext): Promise<SyncSummary> {
    const summary: SyncSummary = {
      matches: answer.matches.length,
      skipped: answer.skipped.length,
      failedMatches: 0,
      finishedMatches: 0,
      resultsRecorded: 0,
      resultsHeldPending: 0,
      fixturesUpdated: 0,
      picksVoided: 0,
      periodsCompleted: [],
    };
    const schedule = await this.catalogue.current();
    if (schedule === null) {
      if (answer.matches.length > 0)
        this.logger.warn(`No season imported yet; ${answer.matches.length} matches ignored`);
      return summary;
    }
    const season = schedule.season;
    // Fixture id → its matchweek, from the season the pool imported (a moved match keeps its week).
    const weeks = new Map<string, number>();
    for (const week of schedule.matchweeks) {
      for (const fixture of week.fixtures) weeks.set(fixture.fixtureId, week.number);
    }
    const byPeriod = new Map<number, ProviderMatch[]>();
    for (const match of answer.matches) {
      const periodId = weeks.get(fixtureIdOf(season, match));
      if (periodId === undefined) {
        this.logger.warn(
          `Match ${match.id} (${match.homeTeam.tla} v ${match.awayTeam.tla}) is not a fixture of season ${season}; ignored`,
        );
        continue;
      }
      byPeriod.set(periodId, [...(byPeriod.get(periodId) ?? []), match]);
    }
    for (const [periodId, matches] of [...byPeriod].sort(([a], [b]) => a - b)) {
      await this.applyToPeriod(season, periodId, matches, sync, summary);
    }
    return summary;
  }

  private context(sync: SyncContext, source: 'provider' | 'system'): CommandContext {
    return { actor: sync.actor, source, now: sync.now, correlationId: sync.correlationId };
  }

  private async applyToPeriod(
    season: string,
    periodId: number,
    matches: ProviderMatch[],
    sync: SyncContext,
    summary: SyncSummary,
  ): Promise<void> {
    let state = await this.periods.load(periodId);
    if (!state.scheduled) {
      this.logger.warn(
        `Period ${periodId} does not exist (schedule not imported); ${matches.length} matches ignored`,
      );
      return;
    }
    const finished = new Set<string>();
    for (const match of matches) {
      const fixture = state.fixtures.get(fixtureIdOf(season, match));
      if (!fixture) continue;
      try {
        state = await this.applyMatch(state, fixture, match, sync, summary);
        if (isFinal(match)) finished.add(fixture.fixtureId);
      } catch (error) {
        // One match that fails (say, a read view not there yet) leaves the others to go ahead; it
        // is tried again on the next poll, from where it stopped.
        summary.failedMatches++;
        this.logger.error(
          `Match ${match.id} (${fixture.fixtureId}) could not be applied: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    if (finished.size === 0) return;
    const { completed } = await this.commandBus.execute(
      new AutoCompletePeriodCommand(periodId, [...finished], this.context(sync, 'system')),
    );
    if (completed) {
      summary.periodsCompleted.push(periodId);
      this.logger.log(`Period ${periodId} auto-completed: every fixture finished with a result`);
    }
  }

  private async applyMatch(
    state: PeriodState,
    fixture: Fixture,
    match: ProviderMatch,
    sync: SyncContext,
    summary: SyncSummary,
  ): Promise<PeriodState> {
    const periodId = state.periodId!;
    const update = fixtureUpdateOf(match, fixture);
    if (decideSyncFixture(state, update).length > 0) {
      const calledOff = isCalledOff(fixture.status, update.status);
      const reason: VoidReason = update.status === 'CANCELLED' ? 'cancelled' : 'postponed';
      // Picks are voided before the fixture is marked off and once more after: a crash in between
      // leaves the fixture unchanged, so the next poll does both again; the second pass catches a
      // pick made in the moment between.
      if (calledOff) summary.picksVoided += await this.voidPicks(state, fixture, reason, sync);
      const { fixturesUpdated, changed } = await this.commandBus.execute(
        new SyncFixtureCommand(periodId, update, this.context(sync, 'provider')),
      );
      summary.fixturesUpdated += fixturesUpdated;
      if (calledOff) summary.picksVoided += await this.voidPicks(state, fixture, reason, sync);
      if (changed) state = await this.periods.load(periodId);
    }

    const results = resultsOf(match, fixture.fixtureId);
    if (results.length === 0) return state;
    summary.finishedMatches++;
    let news: bigint | null = null;
    for (const result of results) {
      const report: ProviderResultReport = {
        source: 'provider',
        optionId: optionIdFor(periodId, result.teamCode),
        outcome: result.outcome,
        fixtureId: result.fixtureId,
        homeScore: result.homeScore,
        awayScore: result.awayScore,
      };
      if (!state.options.has(report.optionId)) continue;
      // Most polls repeat what is known: the command then decides nothing and answers 'unchanged'.
      const outcome: RecordResultOutcome = await this.commandBus.execute(
        new RecordResultCommand(report, this.context(sync, 'provider')),
      );
      if (outcome.status === 'recorded') summary.resultsRecorded++;
      if (outcome.status === 'pending') summary.resultsHeldPending++;
      if (outcome.status !== 'unchanged' && outcome.position !== null) news = outcome.position;
    }
    if (news === null) return state;
    this.notifier.matchFinished(
      {
        matchweek: periodId,
        homeTeam: match.homeTeam.name,
        awayTeam: match.awayTeam.name,
        homeScore: results[0]!.homeScore,
        awayScore: results[0]!.awayScore,
      },
      news,
    );
    return this.periods.load(periodId);
  }

  /** Voids every player's picks on both options of a called-off fixture (unless they had locked): the picks context does it. */
  private async voidPicks(
    state: PeriodState,
    fixture: Fixture,
    reason: VoidReason,
    sync: SyncContext,
  ): Promise<number> {
    const periodId = state.periodId!;
    const ids = fixtureOptionIds(periodId, fixture);
    let voided = 0;
    for (const optionId of [ids.home, ids.away]) {
      // The option as it stood before the postponement: its lock time decides whether picks stand.
      const option = optionView(state, optionId);
      if (!option) continue;
      const result = await this.commandBus.execute(
        new VoidOptionPicksCommand(option, reason, this.context(sync, 'system')),
      );
      voided += result.voided;
    }
    if (voided > 0) this.logger.log(`${fixture.fixtureId} ${reason}: ${voided} picks voided`);
    return voided;
  }
}
