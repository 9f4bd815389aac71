import { describe, expect, it } from '@jest/globals';
import {
  defaultRules,
  ErrorCodes,
  type ErrorCode,
  type Outcome,
  type PoolRules,
  type RecordResultRequest,
} from '@treble/contracts';
import { completedPeriod, openPeriod, resultsSpec } from '../../../test/support/results-spec.js';
import { DomainError } from '../../shared/domain/domain-error.js';
import { outcomesFromScore } from './outcome.js';
import { parseAdminResult, type RecordResult, type ResultsEvent } from './results.js';

const spec = resultsSpec;
const open = openPeriod;
const completed = completedPeriod;
const given = (...events: ResultsEvent[]) => spec.given(events);

/** outcomesFromScore is no decider: its refusal is checked on its own. */
function expectRefused(run: () => unknown, code: ErrorCode, message?: string) {
  let error: unknown;
  try {
    run();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
  if (message !== undefined) expect((error as DomainError).message).toBe(message);
}

const admin = (optionId: string, outcome: Outcome, points?: number): RecordResult => ({
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
    given()
      .when(admin('ARS-1', 'win', 3), open)
      .then([recorded('ARS-1', 'win', 3, 'admin')]);
    given()
      .when(admin('ARS-1', 'draw'), open)
      .then([recorded('ARS-1', 'draw', 1, 'admin')]);
  });

  it('refuses points that do not match the outcome, per the configured points', () => {
    given()
      .when(admin('ARS-1', 'win', 1), open)
      .thenRefused(ErrorCodes.RESULT_POINTS_MISMATCH, 'A win is worth 3 points, not 1.');
    const rules: PoolRules = { ...defaultRules, points: { win: 2, draw: 1, loss: 0 } };
    given()
      .when(admin('ARS-1', 'win', 2), { rules, periodCompleted: false })
      .then([recorded('ARS-1', 'win', 2, 'admin')]);
  });

  it.each([
    ['no option', { optionId: null, outcome: 'win', points: 3 }],
    ['an empty option', { optionId: '', outcome: 'win', points: 3 }],
    ['no outcome', { optionId: 'ARS-1', outcome: null }],
    ['an empty outcome', { optionId: 'ARS-1', outcome: '' }],
    ['an unknown outcome', { optionId: 'ARS-1', outcome: 'lose' }],
  ])('refuses a form with %s, once at the edge, with the exact message', (_, form) => {
    expectRefused(
      () => parseAdminResult(form as RecordResultRequest),
      ErrorCodes.RESULT_OPTION_OUTCOME_REQUIRED,
      'Please select an option and outcome',
    );
  });

  it('parses a complete form into an admin report, leaving out points the form left empty', () => {
    expect(parseAdminResult({ optionId: 'ARS-1', outcome: 'win', points: 3, force: true })).toEqual({
      source: 'admin',
      optionId: 'ARS-1',
      outcome: 'win',
      points: 3,
    });
    expect(parseAdminResult({ optionId: 'ARS-1', outcome: 'draw', points: null })).toEqual({
      source: 'admin',
      optionId: 'ARS-1',
      outcome: 'draw',
    });
  });

  it('lets an admin overwrite any result', () => {
    given(recorded('ARS-1', 'win', 3, 'provider'))
      .when(admin('ARS-1', 'loss', 0), open)
      .then([recorded('ARS-1', 'loss', 0, 'admin')]);
  });

  it('never lets the provider overwrite an admin result, without refusing', () => {
    given(recorded('ARS-1', 'loss', 0, 'admin'))
      .when(provider('ARS-1', 2, 0), open)
      .thenNothing();
  });

  it('lets the provider set a result again once the admin deleted theirs', () => {
    given(recorded('ARS-1', 'loss', 0, 'admin'), {
      type: 'ResultDeleted',
      data: { periodId: 1, optionId: 'ARS-1' },
    })
      .when(provider('ARS-1', 2, 0), open)
      .then([recorded('ARS-1', 'win', 3, 'provider', { fixtureId: 'f1', homeScore: 2, awayScore: 0 })]);
  });

  it('ignores the same provider result twice', () => {
    const first = recorded('ARS-1', 'win', 3, 'provider', { fixtureId: 'f1', homeScore: 2, awayScore: 0 });
    given()
      .when(provider('ARS-1', 2, 0), open)
      .then([first]);
    given(first)
      .when(provider('ARS-1', 2, 0), open)
      .thenNothing();
  });

  it('replaces an earlier provider result with a corrected score', () => {
    given(recorded('ARS-1', 'win', 3, 'provider', { fixtureId: 'f1', homeScore: 2, awayScore: 0 }))
      .when(provider('ARS-1', 2, 2), open)
      .then([recorded('ARS-1', 'draw', 1, 'provider', { fixtureId: 'f1', homeScore: 2, awayScore: 2 })]);
  });

  it('holds a result for a completed period as pending, and applies it when the period reopens', () => {
    const held: ResultsEvent = {
      type: 'ResultHeldPending',
      data: { periodId: 1, optionId: 'ARS-1', outcome: 'loss', points: 0, source: 'admin' },
    };
    const withPending = given(recorded('ARS-1', 'win', 3, 'provider'))
      .when(admin('ARS-1', 'loss', 0), completed)
      .then([held]);
    expect(withPending.results.get('ARS-1')?.outcome).toBe('win');
    given(recorded('ARS-1', 'win', 3, 'provider'), held)
      .when(admin('ARS-1', 'loss', 0), completed)
      .thenNothing();
    given(recorded('ARS-1', 'win', 3, 'provider'), held)
      .when({ type: 'ApplyPendingResults', periodId: 1 }, completed)
      .thenNothing();

    const after = given(recorded('ARS-1', 'win', 3, 'provider'), held)
      .when({ type: 'ApplyPendingResults', periodId: 1 }, open)
      .then([recorded('ARS-1', 'loss', 0, 'admin')]);
    expect(after.results.get('ARS-1')?.outcome).toBe('loss');
    expect(after.pending.size).toBe(0);
  });

  it('does not hold a provider result over an admin one in a completed period', () => {
    given(recorded('ARS-1', 'loss', 0, 'admin'))
      .when(provider('ARS-1', 3, 0), completed)
      .thenNothing();
    given({
      type: 'ResultHeldPending',
      data: { periodId: 1, optionId: 'ARS-1', outcome: 'draw', points: 1, source: 'admin' },
    })
      .when(provider('ARS-1', 3, 0), completed)
      .thenNothing();
  });
});

describe('DeleteResult', () => {
  const del = { type: 'DeleteResult', periodId: 1, optionId: 'ARS-1' } as const;

  it('deletes a result', () => {
    const after = given(recorded('ARS-1', 'win', 3, 'admin'))
      .when(del, open)
      .then([{ type: 'ResultDeleted', data: { periodId: 1, optionId: 'ARS-1' } }]);
    expect(after.results.size).toBe(0);
  });

  it('refuses an option without a result', () => {
    given().when(del, open).thenRefused(ErrorCodes.RESULT_NOT_FOUND);
  });

  it('refuses in a completed period', () => {
    given(recorded('ARS-1', 'win', 3, 'admin'))
      .when(del, completed)
      .thenRefused(ErrorCodes.RESULT_PERIOD_COMPLETED);
  });
});
