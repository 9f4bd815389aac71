import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../shared/domain/domain-error.js';
import { isOutcome, outcomesFromScore } from './outcome.js';

describe('outcomes', () => {
  it('knows win, draw and loss only', () => {
    expect(['win', 'draw', 'loss'].every(isOutcome)).toBe(true);
    expect(['tie', 'WIN', '', 3, null].some(isOutcome)).toBe(false);
  });

  it('says which score is not a number of goals', () => {
    expect(() => outcomesFromScore(2, 1.5)).toThrow(
      new DomainError('VALIDATION_FAILED', 'A score must be a whole number of goals, not 1.5.'),
    );
    expect(() => outcomesFromScore(-1, 0)).toThrow('A score must be a whole number of goals, not -1.');
  });
});
