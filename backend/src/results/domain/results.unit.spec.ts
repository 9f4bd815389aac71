import { describe, expect, it } from '@jest/globals';
import { defaultRules, ErrorCodes, type ErrorCode, type PoolRules } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import { outcomesFromScore } from './outcome.js';
import {
  decideResults,
  evolveResults,
  initialResultsState,
  type RecordResult,
  type ResultsCommand,
  type ResultsEvent,
  type ResultsState,
} from './results.js';

const open = { rules: defaultRules, periodCompleted: false };
const completed = { rules: defaultRules, periodCompleted: true };
const given = (...events: ResultsEvent[]): ResultsState =>
  events.reduce(evolveResults, initialResultsState());

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}
function expectRefused(run: () => unknown, code: ErrorCode, message?: string) {
  const error = refusal(run);
  expect(error.code).toBe(code);
  if (message !== undefined) expect(error.message).toBe(message);
}

const admin = (optionId: string | null, outcome: string | null, points?: number): RecordResult => ({
  type: 'RecordResult',
  periodId: 1,
  optionId,
  outcome,
  points,
  source: 'admin',
});
const provider = (
  optionId: string,
  homeScore: number,
  awayScore: number,
  side: 'home' | 'away' = 'home',
): RecordResult => ({
  type: 'RecordResult',
  periodId: 1,
  optionId,
  outcome: outcomesFromScore(homeScore, awayScore)[side],
  source: 'provider',
  fixtureId: 'f1',
  homeScore,
  awayScore,
});
const decide = (state: ResultsState, command: ResultsCommand, context = open) =>
  decideResults(command, state, context);
const recorded = (
  optionId: string,
  outcome: 'win' | 'draw' | 'loss',
  points: number,
  source: 'admin' | 'provider',
  extra = {},
): ResultsEvent => ({
  type: 'ResultRecorded',
  data: { periodId: 1, optionId, outcome, points, source, ...extra },
});

describe('outcomesFromScore', () => {
  it('gives the home side a win and the away side a loss for a home win, and both a draw when level', () => {
    expect(outcomesFromScore(2, 1)).toEqual({ home: 'win', away: 'loss' });
    expect(outcomesFromScore(0, 3)).toEqual({ home: 'loss', away: 'win' });
    expect(outcomesFromScore(1, 1)).toEqual({ home: 'draw', away: 'draw' });
  });

  it('refuses a score that is not a whole number of goals', () => {
    expectRefused(() => outcomesFromScore(-1, 0), ErrorCodes.VALIDATION_FAILED);
    expectRefused(() => outcomesFromScore(1.5, 0), ErrorCodes.VALIDATION_FAILED);
  });
});

describe('RecordResult', () => {
  it('records an admin result with the points of its outcome', () => {
    expect(decide(given(), admin('ARS-1', 'win', 3))).toEqual([recorded('ARS-1', 'win', 3, 'admin')]);
    expect(decide(given(), admin('ARS-1', 'draw'))).toEqual([recorded('ARS-1', 'draw', 1, 'admin')]);
  });

  it('refuses points that do not match the outcome, per the configured points', () => {
    expectRefused(
      () => decide(given(), admin('ARS-1', 'win', 1)),
      ErrorCodes.RESULT_POINTS_MISMATCH,
      'A win is worth 3 points, not 1.',
    );
    const rules: PoolRules = { ...defaultRules, points: { win: 2, draw: 1, loss: 0 } };
    expect(decide(given(), admin('ARS-1', 'win', 2), { rules, periodCompleted: false })).toEqual([
      recorded('ARS-1', 'win', 2, 'admin'),
    ]);
  });

  it.each([
    ['no option', admin(null, 'win', 3)],
    ['an empty option', admin(' ', 'win', 3)],
    ['no outcome', admin('ARS-1', null)],
    ['an unknown outcome', admin('ARS-1', 'lose')],
  ])('refuses %s with the exact message', (_, command) => {
    expectRefused(
      () => decide(given(), command),
      ErrorCodes.RESULT_OPTION_OUTCOME_REQUIRED,
      'Please select an option and outcome',
    );
  });

  it('lets an admin overwrite any result', () => {
    const state = given(recorded('ARS-1', 'win', 3, 'provider'));
    expect(decide(state, admin('ARS-1', 'loss', 0))).toEqual([recorded('ARS-1', 'loss', 0, 'admin')]);
  });

  it('never lets the provider overwrite an admin result, without refusing', () => {
    const state = given(recorded('ARS-1', 'loss', 0, 'admin'));
    expect(decide(state, provider('ARS-1', 2, 0))).toEqual([]);
  });

  it('lets the provider set a result again once the admin deleted theirs', () => {
    const state = given(recorded('ARS-1', 'loss', 0, 'admin'), {
      type: 'ResultDeleted',
      data: { periodId: 1, optionId: 'ARS-1' },
    });
    expect(decide(state, provider('ARS-1', 2, 0))).toHaveLength(1);
  });

  it('ignores the same provider result twice', () => {
    const first = decide(given(), provider('ARS-1', 2, 0));
    expect(first).toEqual([
      recorded('ARS-1', 'win', 3, 'provider', { fixtureId: 'f1', homeScore: 2, awayScore: 0 }),
    ]);
    expect(decide(given(...first), provider('ARS-1', 2, 0))).toEqual([]);
  });

  it('replaces an earlier provider result with a corrected score', () => {
    const state = given(...decide(given(), provider('ARS-1', 2, 0)));
    expect(decide(state, provider('ARS-1', 2, 2))).toEqual([
      recorded('ARS-1', 'draw', 1, 'provider', { fixtureId: 'f1', homeScore: 2, awayScore: 2 }),
    ]);
  });

  it('holds a result for a completed period as pending, and applies it when the period reopens', () => {
    const state = given(recorded('ARS-1', 'win', 3, 'provider'));
    const held = decide(state, admin('ARS-1', 'loss', 0), completed);
    expect(held).toEqual([
      {
        type: 'ResultHeldPending',
        data: { periodId: 1, optionId: 'ARS-1', outcome: 'loss', points: 0, source: 'admin' },
      },
    ]);
    const withPending = given(recorded('ARS-1', 'win', 3, 'provider'), ...held);
    expect(withPending.results.get('ARS-1')?.outcome).toBe('win');
    expect(decide(withPending, admin('ARS-1', 'loss', 0), completed)).toEqual([]);
    expect(decide(withPending, { type: 'ApplyPendingResults', periodId: 1 }, completed)).toEqual([]);

    const applied = decide(withPending, { type: 'ApplyPendingResults', periodId: 1 });
    expect(applied).toEqual([recorded('ARS-1', 'loss', 0, 'admin')]);
    const after = given(recorded('ARS-1', 'win', 3, 'provider'), ...held, ...applied);
    expect(after.results.get('ARS-1')?.outcome).toBe('loss');
    expect(after.pending.size).toBe(0);
  });

  it('does not hold a provider result over an admin one in a completed period', () => {
    const state = given(recorded('ARS-1', 'loss', 0, 'admin'));
    expect(decide(state, provider('ARS-1', 3, 0), completed)).toEqual([]);
    const adminPending = given({
      type: 'ResultHeldPending',
      data: { periodId: 1, optionId: 'ARS-1', outcome: 'draw', points: 1, source: 'admin' },
    });
    expect(decide(adminPending, provider('ARS-1', 3, 0), completed)).toEqual([]);
  });
});

describe('DeleteResult', () => {
  const del = { type: 'DeleteResult', periodId: 1, optionId: 'ARS-1' } as const;

  it('deletes a result', () => {
    const events = decide(given(recorded('ARS-1', 'win', 3, 'admin')), del);
    expect(events).toEqual([{ type: 'ResultDeleted', data: { periodId: 1, optionId: 'ARS-1' } }]);
    expect(given(recorded('ARS-1', 'win', 3, 'admin'), ...events).results.size).toBe(0);
  });

  it('refuses an option without a result', () => {
    expectRefused(() => decide(given(), del), ErrorCodes.RESULT_NOT_FOUND);
  });

  it('refuses in a completed period', () => {
    expectRefused(
      () => decide(given(recorded('ARS-1', 'win', 3, 'admin')), del, completed),
      ErrorCodes.RESULT_PERIOD_COMPLETED,
    );
  });
});
