import { assertNever, type DomainEvent } from '../../shared/domain/event.js';
import { scopedStreamId } from '../../shared/domain/season-scope.js';

/**
 * Which reminders and digests of a period went to whom is decided on ONE stream per period
 * (`notifications-period-{id}`), appended with the version just read: of several instances (or a
 * restarted one) that find the same reminder due, exactly one append wins, and only the winner
 * sends. A crash between the decision and the sending loses that reminder rather than doubling it.
 */
export const periodNotificationsStreamId = (periodId: number, scope: string): string =>
  scopedStreamId('notifications-period', scope, periodId);

export type PeriodNotificationsEvent =
  | DomainEvent<'ReminderDecided', { periodId: number; slotHours: number; userIds: string[] }>
  | DomainEvent<'ResultsDigestDecided', { periodId: number; userIds: string[]; adminIds: string[] }>;

export interface PeriodNotificationsState {
  /** Per slot (hours before the first deadline), the players already reminded. */
  reminded: Map<number, Set<string>>;
  digestDecided: boolean;
}

export function initialPeriodNotificationsState(): PeriodNotificationsState {
  return { reminded: new Map(), digestDecided: false };
}

export function evolvePeriodNotifications(
  state: PeriodNotificationsState,
  event: PeriodNotificationsEvent,
): PeriodNotificationsState {
  switch (event.type) {
    case 'ReminderDecided': {
      const reminded = new Map(state.reminded);
      const users = new Set(reminded.get(event.data.slotHours) ?? []);
      for (const userId of event.data.userIds) users.add(userId);
      reminded.set(event.data.slotHours, users);
      return { ...state, reminded };
    }
    case 'ResultsDigestDecided':
      return { ...state, digestDecided: true };
    default:
      return assertNever(event);
  }
}

export const periodNotificationsModel = {
  initialState: initialPeriodNotificationsState,
  evolve: evolvePeriodNotifications,
};

/** The players of `eligible` not yet reminded in this slot; nothing when all were. */
export function decideReminders(
  state: PeriodNotificationsState,
  command: { periodId: number; slotHours: number; eligible: readonly string[] },
): PeriodNotificationsEvent[] {
  const done = state.reminded.get(command.slotHours) ?? new Set<string>();
  const userIds = command.eligible.filter((userId) => !done.has(userId));
  if (userIds.length === 0) return [];
  return [
    { type: 'ReminderDecided', data: { periodId: command.periodId, slotHours: command.slotHours, userIds } },
  ];
}

/** One digest per completed period, ever (a reopened and completed again period sends none). */
export function decideResultsDigest(
  state: PeriodNotificationsState,
  command: { periodId: number; userIds: readonly string[]; adminIds: readonly string[] },
): PeriodNotificationsEvent[] {
  if (state.digestDecided) return [];
  return [
    {
      type: 'ResultsDigestDecided',
      data: { periodId: command.periodId, userIds: [...command.userIds], adminIds: [...command.adminIds] },
    },
  ];
}

/**
 * The reminder slot due now for a period whose first deadline is `deadline`: the latest slot whose
 * time has come, while the deadline is still ahead. A pool started 3 h before a deadline sends the
 * 2 h reminder when its time comes, not a late 24 h one as well.
 */
export function dueSlot(deadline: Date, now: Date, hours: readonly number[]): number | null {
  if (now.getTime() >= deadline.getTime()) return null;
  const due = hours.filter((h) => now.getTime() >= deadline.getTime() - h * 3_600_000);
  return due.length === 0 ? null : Math.min(...due);
}
