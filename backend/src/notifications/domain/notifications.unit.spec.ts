import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import {
  decideReminders,
  decideResultsDigest,
  dueSlot,
  evolvePeriodNotifications,
  initialPeriodNotificationsState,
  type PeriodNotificationsEvent,
  type PeriodNotificationsState,
} from './period-notifications.js';
import { escapeHtml, fill, formatDeadline, isTimeZone, textToHtml } from './templates.js';

/** The period's notification deciders take a command besides the state: the command is the call. */
type Decision = (state: PeriodNotificationsState) => readonly PeriodNotificationsEvent[];
const spec = deciderSpec<Decision, PeriodNotificationsState, PeriodNotificationsEvent>({
  initialState: initialPeriodNotificationsState,
  evolve: evolvePeriodNotifications,
  decide: (decision, state) => decision(state),
});
const reminded = (slotHours: number, userIds: string[]): PeriodNotificationsEvent => ({
  type: 'ReminderDecided',
  data: { periodId: 4, slotHours, userIds },
});
const digest: PeriodNotificationsEvent = {
  type: 'ResultsDigestDecided',
  data: { periodId: 4, userIds: ['u1', 'u2'], adminIds: ['a1'] },
};

describe('reminders of a period', () => {
  const remind = (slotHours: number, eligible: string[]) => (state: PeriodNotificationsState) =>
    decideReminders(state, { periodId: 4, slotHours, eligible });

  it('reminds each eligible player once per slot', () => {
    spec
      .given([])
      .when(remind(24, ['u1', 'u2']))
      .then([reminded(24, ['u1', 'u2'])]);
    spec
      .given([reminded(24, ['u1'])])
      .when(remind(24, ['u1', 'u2', 'u3']))
      .then([reminded(24, ['u2', 'u3'])]);
    spec
      .given([reminded(24, ['u1']), reminded(24, ['u2'])])
      .when(remind(24, ['u1', 'u2']))
      .thenNothing();
  });

  it('counts each slot on its own', () => {
    spec
      .given([reminded(24, ['u1'])])
      .when(remind(2, ['u1']))
      .then([reminded(2, ['u1'])]);
  });

  it('decides nothing when nobody is eligible', () => {
    spec.given([]).when(remind(24, [])).thenNothing();
  });
});

describe('the results digest of a period', () => {
  const send = (state: PeriodNotificationsState) =>
    decideResultsDigest(state, { periodId: 4, userIds: ['u1', 'u2'], adminIds: ['a1'] });

  it('is decided once, ever: a period reopened and completed again sends none', () => {
    const after = spec.given([]).when(send).then([digest]);
    expect(after.digestDecided).toBe(true);
    spec.given([digest]).when(send).thenNothing();
    spec
      .given([reminded(24, ['u1'])])
      .when(send)
      .then([digest]);
  });
});

describe('the reminder slot due now', () => {
  const deadline = new Date('2025-08-16T11:30:00Z');
  const hoursBefore = (h: number) => new Date(deadline.getTime() - h * 3_600_000);

  it('is the latest slot whose time has come while the deadline is ahead', () => {
    expect(dueSlot(deadline, hoursBefore(30), [24, 2])).toBeNull();
    expect(dueSlot(deadline, hoursBefore(24), [24, 2])).toBe(24);
    expect(dueSlot(deadline, hoursBefore(3), [24, 2])).toBe(24);
    expect(dueSlot(deadline, hoursBefore(2), [24, 2])).toBe(2);
    expect(dueSlot(deadline, hoursBefore(0.5), [2, 24])).toBe(2);
  });

  it('is none from the deadline on, or without slots', () => {
    expect(dueSlot(deadline, deadline, [24, 2])).toBeNull();
    expect(dueSlot(deadline, hoursBefore(-1), [24, 2])).toBeNull();
    expect(dueSlot(deadline, hoursBefore(1), [])).toBeNull();
  });
});

describe('mail templates', () => {
  it('fill the variables they are given, with or without spaces, and leave the others', () => {
    expect(
      fill('Hi {{user_name}}, {{ user_rank }} of {{period_name}}', { user_name: 'Ann', user_rank: '2nd' }),
    ).toBe('Hi Ann, 2nd of {{period_name}}');
  });

  it('escape every value in their HTML part', () => {
    expect(escapeHtml(`<b>"Tom" & 'Jerry'</b>`)).toBe(
      '&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;',
    );
  });

  it('make paragraphs from blank lines, keep line breaks and link bare addresses', () => {
    expect(textToHtml('Hi <Ann>,\n\n\nJoin: https://pool.example/join?t=1\nSee you')).toBe(
      '<p>Hi &lt;Ann&gt;,</p>\n<p>Join: <a href="https://pool.example/join?t=1">https://pool.example/join?t=1</a><br>See you</p>',
    );
    expect(textToHtml('one\ntwo')).toBe('<p>one<br>two</p>');
    expect(textToHtml('ftp://x.example')).toBe('<p>ftp://x.example</p>');
  });

  it('give the deadline in the player’s time zone, or in UTC when it has none or an unknown one', () => {
    const deadline = new Date('2025-08-16T10:30:00Z');
    expect(formatDeadline(deadline, 'Europe/London')).toBe('Sat 16 Aug, 11:30 (Europe/London)');
    expect(formatDeadline(deadline, null)).toBe('Sat 16 Aug, 10:30 (UTC)');
    expect(formatDeadline(deadline, 'Mars/Olympus')).toBe('Sat 16 Aug, 10:30 (UTC)');
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
