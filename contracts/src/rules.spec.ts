import { describe, expect, it } from '@jest/globals';
import { defaultRules, defaultSegment, describeSurvivorRule, describeUsageRule } from './rules.js';
import { periodStatus } from './periods.js';

describe('rule texts come from the configured rules', () => {
  it('say exactly what docs/rules.md says for the defaults', () => {
    expect(describeSurvivorRule()).toBe(
      'Survivor: a matchweek with 3 points or less is a strike; 3 strikes and you are out.',
    );
    expect(describeUsageRule()).toBe('Use each team at most 7 times, and at least 4 times, over the season.');
  });

  it('follow a host that changes the rules', () => {
    const suddenDeath = {
      ...defaultRules,
      survivor: { mode: 'strikes' as const, strikeBelow: 2, strikesToEliminate: 1 },
    };
    expect(describeSurvivorRule(suddenDeath)).toBe(
      'Survivor: a matchweek with 1 point or less is a strike; one strike and you are out.',
    );
    const lossMode = { ...defaultRules, survivor: { ...defaultRules.survivor, mode: 'loss' as const } };
    expect(describeSurvivorRule(lossMode)).toBe(
      'Survivor: a matchweek with a losing pick is a strike; 3 strikes and you are out.',
    );
    expect(describeUsageRule({ ...defaultRules, minUsesEnforcement: 'off' })).toBe(
      'Use each team at most 7 times over the season.',
    );
  });

  it('put matchweeks 29-38 in the Last 10 segment', () => {
    expect(defaultSegment(28)).toBe('main');
    expect(defaultSegment(29)).toBe('last10');
    expect(defaultSegment(38)).toBe('last10');
  });
});

describe('period status', () => {
  it('is shown in the priority order Manually Completed, Auto Completed, Active, Pending', () => {
    expect(periodStatus({ isManuallyCompleted: true, isCompleted: true, isActive: true })).toBe(
      'Manually Completed',
    );
    expect(periodStatus({ isManuallyCompleted: false, isCompleted: true, isActive: true })).toBe(
      'Auto Completed',
    );
    expect(periodStatus({ isManuallyCompleted: false, isCompleted: false, isActive: true })).toBe('Active');
    expect(periodStatus({ isManuallyCompleted: false, isCompleted: false, isActive: false })).toBe('Pending');
  });
});
