import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentSeasonQuery } from '../shared/queries/season-queries.js';
import {
  ErrorCodes,
  type ImpactPreview,
  type LeaderboardKind,
  type Outcome,
  type PlayerImpact,
  type StandingsAsOf,
} from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { Database } from '../platform/database/database.js';
import {
  decideCompletePeriod,
  decideDeleteResultInPeriod,
  decideRecordResultInPeriod,
  decideReopenPeriod,
  periodOfOption,
  periodStreamId,
  type PeriodEvent,
} from '../season/index.js';
import { DomainError } from '../shared/domain/domain-error.js';
import type { StandingsUser } from '../standings/index.js';
import { PoolHistory, standingsImpact } from './domain/pool-history.js';

const batchSize = 5_000;

/**
 * Time travel and what-if over the event log: folds the log (up to a position) into the facts the
 * standings are made of and runs the standings context's pure rules on them. Nothing is appended:
 * a what-if folds the events the real deciders would produce into a copy.
 *
 * Reads the whole log for every answer, on purpose: these are rare admin questions, and a fold
 * from the log cannot disagree with the rules the way a second set of tables could.
 */
@Injectable()
export class PoolHistoryService {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly database: Database,
    private readonly queryBus: QueryBus,
  ) {}

  /** Folds every event up to and including `until` (everything when absent). */
  async fold(until?: bigint): Promise<PoolHistory> {
    const history = PoolHistory.empty();
    let after = 0n;
    for (;;) {
      const events = await this.eventStore.readAll({ after, maxCount: batchSize });
      for (const event of events) {
        if (until !== undefined && event.position > until) return history;
        history.apply(event);
      }
      if (events.length < batchSize) return history;
      after = events[events.length - 1]!.position;
    }
  }

  /** Display names come from the users view as it is now (a renamed player shows the new name). */
  private async users(): Promise<StandingsUser[]> {
    const { rows } = await this.database.query<StandingsUser>(
      'SELECT id::text AS id, email, first_name AS "firstName", last_name AS "lastName" FROM users',
    );
    return rows;
  }

  /** What the events would change, folded into a copy of the history: the standings before and after. */
  private async impact(history: PoolHistory, events: readonly PeriodEvent[]) {
    const users = await this.users();
    const before = history.standings(users, this.config.rules);
    const after = history.clone().applyAll(events);
    return {
      users,
      before,
      after,
      changes: standingsImpact(before, after.standings(users, this.config.rules)),
    };
  }

  /** The standings right after the period's latest completion, folded from the log up to that event. */
  async standingsAsOf(periodId: number, kind: LeaderboardKind): Promise<StandingsAsOf> {
    const scope = (await this.queryBus.execute(new CurrentSeasonQuery()))?.scope ?? '';
    const stream = await this.eventStore.readStream(periodStreamId(periodId, scope));
    if (!stream.some((event) => event.type === 'PeriodScheduled')) {
      throw new DomainError(ErrorCodes.PERIOD_NOT_FOUND, `Period ${periodId} does not exist.`);
    }
    const completion = stream.filter((event) => event.type === 'PeriodCompleted').at(-1);
    if (!completion) {
      throw new DomainError(
        ErrorCodes.PERIOD_NOT_COMPLETED,
        `Period ${periodId} has not been completed yet.`,
      );
    }
    const standings = (await this.fold(completion.position)).standings(await this.users(), this.config.rules);
    const { completedAt } = completion.data as { completedAt?: unknown };
    return {
      periodId,
      kind,
      position: completion.position.toString(),
      completedAt: typeof completedAt === 'string' ? completedAt : completion.recordedAt.toISOString(),
      rows: standings[kind],
    };
  }

  /**
   * What recording (`outcome`) or deleting (`outcome` null) an admin result for an option would
   * change, decided by the season context's deciders on the period's folded state.
   */
  async previewResult(optionId: string, outcome: Outcome | null): Promise<ImpactPreview> {
    const periodId = periodOfOption(optionId);
    if (periodId === null)
      throw new DomainError(ErrorCodes.OPTION_NOT_FOUND, `Option ${optionId} does not exist.`);
    const rules = this.config.rules;
    const history = await this.fold();
    const state = history.period(periodId);
    const events: PeriodEvent[] =
      outcome === null
        ? decideDeleteResultInPeriod(periodId, state, optionId, rules)
        : decideRecordResultInPeriod(periodId, state, { optionId, outcome, source: 'admin' }, rules);
    const { users, before, after, changes } = await this.impact(history, events);
    const held = events.some((event) => event.type === 'ResultHeldPending');
    let onReopen: PlayerImpact[] | null = null;
    if (held && after.period(periodId).isManuallyCompleted) {
      const reopened = after.clone().applyAll(decideReopenPeriod(periodId, after.period(periodId), rules));
      onReopen = standingsImpact(before, reopened.standings(users, rules));
    }
    const effect = held
      ? 'pending'
      : events.some((event) => event.type === 'ResultDeleted')
        ? 'deleted'
        : events.some((event) => event.type === 'ResultRecorded')
          ? 'recorded'
          : 'unchanged';
    return {
      periodId,
      effect,
      appliedResults: appliedResults(events, history, periodId),
      changes,
      onReopen,
    };
  }

  /** What reopening a manually completed period would change: strikes taken back, held results applied. */
  async previewReopen(periodId: number): Promise<ImpactPreview> {
    const history = await this.fold();
    const events = decideReopenPeriod(periodId, history.period(periodId), this.config.rules);
    return {
      periodId,
      effect: 'reopened',
      appliedResults: appliedResults(events, history, periodId),
      changes: (await this.impact(history, events)).changes,
      onReopen: null,
    };
  }

  /** Which players a completion would move (survivor strikes made final), and which options still lack a result. */
  async previewComplete(periodId: number, now: Date): Promise<ImpactPreview> {
    const history = await this.fold();
    const period = history.period(periodId);
    // What an admin's confirmed completion would do.
    const events = decideCompletePeriod(periodId, period, now, true);
    const missingResults = [...period.options.values()]
      .filter((option) => !period.results.results.has(option.optionId))
      .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))
      .map((option) => ({ optionId: option.optionId, optionName: option.name }));
    return {
      periodId,
      effect: 'completed',
      appliedResults: [],
      changes: (await this.impact(history, events)).changes,
      onReopen: null,
      missingResults,
    };
  }
}

function appliedResults(
  events: readonly PeriodEvent[],
  history: PoolHistory,
  periodId: number,
): ImpactPreview['appliedResults'] {
  const options = history.period(periodId).options;
  return events.flatMap((event) =>
    event.type === 'ResultRecorded' || event.type === 'ResultHeldPending'
      ? [
          {
            optionId: event.data.optionId,
            optionName: options.get(event.data.optionId)?.name ?? null,
            outcome: event.data.outcome,
          },
        ]
      : [],
  );
}
