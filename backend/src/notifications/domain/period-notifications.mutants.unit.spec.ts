import { describe, expect, it } from '@jest/globals';
import {
  evolvePeriodNotifications,
  initialPeriodNotificationsState,
  periodNotificationsStreamId,
  type PeriodNotificationsEvent,
} from './period-notifications.js';

const reminded = (slotHours: number, ...userIds: string[]): PeriodNotificationsEvent => ({
  type: 'ReminderDecided',
  data: { periodId: 3, slotHours, userIds },
});

describe('period notifications', () => {
  it('remembers exactly the players reminded in each slot', () => {
    const state = [reminded(24, 'u1'), reminded(24, 'u2'), reminded(2, 'u1')].reduce(
      evolvePeriodNotifications,
      initialPeriodNotificationsState(),
    );
    expect([...state.reminded.get(24)!]).toEqual(['u1', 'u2']);
    expect([...state.reminded.get(2)!]).toEqual(['u1']);
  });

  it('refuses to fold an event it does not know', () => {
    expect(() =>
      evolvePeriodNotifications(initialPeriodNotificationsState(), {
        type: 'ReminderCancelled',
        data: {},
      } as unknown as PeriodNotificationsEvent),
    ).toThrow('Unexpected value');
  });

  it("keeps a period's notifications in a stream of their own, scoped by season after the first", () => {
    expect(periodNotificationsStreamId(3, '')).toBe('notifications-period-3');
    expect(periodNotificationsStreamId(3, '2027-28')).toBe('notifications-period-2027-28-3');
  });
});
