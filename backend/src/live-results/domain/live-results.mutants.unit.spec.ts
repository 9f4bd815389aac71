import { describe, expect, it } from '@jest/globals';
import { isProviderStatus } from './provider-match.js';
import { evolveScheduler, initialSchedulerState } from './scheduler-state.js';

describe('provider statuses', () => {
  it('are the v4 names only, as text', () => {
    expect(isProviderStatus('FINISHED')).toBe(true);
    expect(['LIVE', 'finished', '', null, 3].some(isProviderStatus)).toBe(false);
  });
});

describe('the scheduler fold', () => {
  it('refuses an event it does not know', () => {
    expect(() => evolveScheduler(initialSchedulerState(), { type: 'Unknown', data: {} } as never)).toThrow(
      'Unexpected value',
    );
  });
});
