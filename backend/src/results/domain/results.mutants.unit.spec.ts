import { describe, it } from '@jest/globals';
import { defaultRules, ErrorCodes, type PoolRules } from '@treble/contracts';
import { completedPeriod, openPeriod, resultsSpec } from '../../../test/support/results-spec.js';
import {
  parseAdminResult,
  type AdminResultReport,
  type ApplyPendingResults,
  type DeleteResult,
  type OptionResult,
  type RecordResult,
  type ResultsEvent,
} from './results.js';

/*
 * Rules about who may overwrite whose result, each written so that the small code change that
 * would break it (a mutant StrykerJS found alive, see the README's "Mutation testing") fails here.
 */

const spec = resultsSpec;
type ResultsCommand = RecordResult | DeleteResult | ApplyPendingResults;
const open = openPeriod;
const completed = completedPeriod;

type Score = Pick<OptionResult, 'fixtureId' | 'homeScore' | 'awayScore'>;
const points = { win: 3, draw: 1, loss: 0 } as const;

const adminSets = (
  optionId: string,
  outcome: 'win' | 'draw' | 'loss',
): { type: 'RecordResult'; periodId: number } & AdminResultReport => ({
  type: 'RecordResult',
  periodId: 1,
  optionId,
  outcome,
  points: points[outcome],
  source: 'admin',
});
const providerSets = (
  optionId: string,
  outcome: 'win' | 'draw' | 'loss',
  score: Score = {},
): ResultsCommand => ({
  type: 'RecordResult',
  periodId: 1,
  optionId,
  outcome,
  source: 'provider',
  ...score,
});
const recorded = (
  optionId: string,
  outcome: 'win' | 'draw' | 'loss',
  source: 'admin' | 'provider',
  score: Score = {},
  worth: number = points[outcome],
): ResultsEvent => ({
  type: 'ResultRecorded',
  data: { periodId: 1, optionId, outcome, points: worth, source, ...score },
});
const held = (
  optionId: string,
  outcome: 'win' | 'draw' | 'loss',
  source: 'admin' | 'provider',
  score: Score = {},
): ResultsEvent => ({
  type: 'ResultHeldPending',
  data: { periodId: 1, optionId, outcome, points: points[outcome], source, ...score },
});
const applyHeld: ResultsCommand = { type: 'ApplyPendingResults', periodId: 1 };

describe('an admin result', () => {
  it('can be corrected by an admin', () => {
    spec
      .given([recorded('ARS', 'win', 'admin')])
      .when(adminSets('ARS', 'loss'), open)
      .then([recorded('ARS', 'loss', 'admin')]);
  });

  it("confirming the provider's exact result makes it the admin's, so a later provider correction does not overwrite it", () => {
    const providers = recorded('ARS', 'win', 'provider');
    spec
      .given([providers])
      .when(adminSets('ARS', 'win'), open)
      .then([recorded('ARS', 'win', 'admin')]);
    spec
      .given([providers, recorded('ARS', 'win', 'admin')])
      .when(providerSets('ARS', 'draw'), open)
      .thenNothing();
  });

  it('is recorded when the form sends no points (empty field)', () => {
    const report = parseAdminResult({ optionId: 'ARS', outcome: 'draw', points: null });
    spec
      .given([])
      .when({ type: 'RecordResult', periodId: 1, ...report }, open)
      .then([recorded('ARS', 'draw', 'admin')]);
  });

  it('names the points of the outcome in the singular when it is worth one point', () => {
    spec
      .given([])
      .when({ ...adminSets('ARS', 'draw'), points: 3 }, open)
      .thenRefused(ErrorCodes.RESULT_POINTS_MISMATCH, 'A draw is worth 1 point, not 3.');
  });
});

describe('a provider correction', () => {
  const first = { fixtureId: 'f1', homeScore: 2, awayScore: 0 };
  const given = spec.given([recorded('ARS', 'win', 'provider', first)]);

  it.each([
    ['home goals', { ...first, homeScore: 3 }],
    ['away goals', { ...first, awayScore: 1 }],
    ['fixture', { ...first, fixtureId: 'f2' }],
  ])('replaces the earlier result when it differs only in %s', (_, score) => {
    given.when(providerSets('ARS', 'win', score), open).then([recorded('ARS', 'win', 'provider', score)]);
  });

  it('replaces the earlier result when only the outcome differs (a pool where a draw and a loss are both worth 0)', () => {
    const rules: PoolRules = { ...defaultRules, points: { win: 3, draw: 0, loss: 0 } };
    spec
      .given([recorded('ARS', 'loss', 'provider', first, 0)])
      .when(providerSets('ARS', 'draw', first), { rules, periodCompleted: false })
      .then([recorded('ARS', 'draw', 'provider', first, 0)]);
  });

  it('replaces the earlier result when only the points differ (the pool changed what a win is worth)', () => {
    const rules: PoolRules = { ...defaultRules, points: { win: 2, draw: 1, loss: 0 } };
    given
      .when(providerSets('ARS', 'win', first), { rules, periodCompleted: false })
      .then([recorded('ARS', 'win', 'provider', first, 2)]);
  });
});

describe('in a completed period', () => {
  it('holds a provider result that arrives for an option without one', () => {
    spec
      .given([])
      .when(providerSets('ARS', 'win'), completed)
      .then([held('ARS', 'win', 'provider')]);
  });

  it('lets an admin correct their own held result', () => {
    spec
      .given([held('ARS', 'win', 'admin')])
      .when(adminSets('ARS', 'loss'), completed)
      .then([held('ARS', 'loss', 'admin')]);
  });

  it('refuses to delete a result, and an option without a result is refused with its message', () => {
    spec
      .given([recorded('ARS', 'win', 'admin')])
      .when({ type: 'DeleteResult', periodId: 1, optionId: 'ARS' }, completed)
      .thenRefused(
        ErrorCodes.RESULT_PERIOD_COMPLETED,
        'Period 1 is completed; reopen it to delete a result.',
      );
    spec
      .given([])
      .when({ type: 'DeleteResult', periodId: 1, optionId: 'ARS' }, open)
      .thenRefused(ErrorCodes.RESULT_NOT_FOUND, 'This option has no result.');
  });
});

describe('on reopening', () => {
  it("does not let a held provider result overwrite the admin's", () => {
    spec
      .given([
        recorded('ARS', 'loss', 'admin'),
        held('ARS', 'win', 'provider', { fixtureId: 'f1', homeScore: 2, awayScore: 0 }),
      ])
      .when(applyHeld, open)
      .thenNothing();
  });

  it("applies a held admin result over the admin's earlier one", () => {
    spec
      .given([recorded('ARS', 'loss', 'admin'), held('ARS', 'draw', 'admin')])
      .when(applyHeld, open)
      .then([recorded('ARS', 'draw', 'admin')]);
  });

  it("applies a held provider result over the provider's earlier one, and over none", () => {
    spec
      .given([
        recorded('ARS', 'loss', 'provider'),
        held('ARS', 'win', 'provider'),
        held('CHE', 'draw', 'provider'),
      ])
      .when(applyHeld, open)
      .then([recorded('ARS', 'win', 'provider'), recorded('CHE', 'draw', 'provider')]);
  });
});
