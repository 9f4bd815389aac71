import { describe, expect, it } from '@jest/globals';
import { NoticeCoalescer, type CoalescedNotice, type NoticeTimer } from './notice-coalescer.js';

/** A clock the test moves by hand; scheduled work runs when the clock passes its time. */
function manualTimer(): NoticeTimer & { advance(ms: number): void } {
  let now = 1_000;
  const due: { at: number; run: () => void; cancelled: boolean }[] = [];
  return {
    now: () => now,
    schedule(delayMs, run) {
      const entry = { at: now + delayMs, run, cancelled: false };
      due.push(entry);
      return { cancel: () => void (entry.cancelled = true) };
    },
    advance(ms) {
      now += ms;
      for (const entry of due.splice(0).sort((a, b) => a.at - b.at)) {
        if (entry.cancelled) continue;
        if (entry.at <= now) entry.run();
        else due.push(entry);
      }
    },
  };
}

describe('NoticeCoalescer', () => {
  it('sends the first change at once and merges the changes of the next 250 ms into one notice', () => {
    const timer = manualTimer();
    const sent: CoalescedNotice[] = [];
    const coalescer = new NoticeCoalescer((notice) => sent.push(notice), 250, timer);

    coalescer.add(null, ['standings'], [['leaderboards', 'overall']], 10n);
    expect(sent).toEqual([
      { userId: null, readModels: ['standings'], queryKeys: [['leaderboards', 'overall']], position: 10n },
    ]);

    for (let i = 0; i < 100; i++) {
      coalescer.add(
        null,
        ['standings'],
        [
          ['leaderboards', 'overall'],
          ['results', 1 + (i % 2)],
        ],
        BigInt(11 + i),
      );
      timer.advance(2);
    }
    expect(sent).toHaveLength(1);
    timer.advance(50);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({
      userId: null,
      readModels: ['standings'],
      queryKeys: [
        ['leaderboards', 'overall'],
        ['results', 1],
        ['results', 2],
      ],
      position: 110n,
    });
    // Quiet for a window: the next change goes out at once again.
    timer.advance(300);
    coalescer.add(null, ['periods'], [['periods']], 200n);
    expect(sent).toHaveLength(3);
  });

  it('keeps each audience apart: one user’s keys never reach another notice', () => {
    const timer = manualTimer();
    const sent: CoalescedNotice[] = [];
    const coalescer = new NoticeCoalescer((notice) => sent.push(notice), 250, timer);
    coalescer.add('ann', ['standings'], [['choices', 2]], 5n);
    coalescer.add(
      'bob',
      ['standings'],
      [
        ['choices', 2],
        ['user', 'stats'],
      ],
      6n,
    );
    coalescer.add('ann', ['standings'], [['user', 'stats']], 7n);
    expect(sent.map((n) => [n.userId, n.queryKeys])).toEqual([
      ['ann', [['choices', 2]]],
      [
        'bob',
        [
          ['choices', 2],
          ['user', 'stats'],
        ],
      ],
    ]);
    coalescer.close();
    expect(sent.map((n) => [n.userId, n.queryKeys])).toEqual([
      ['ann', [['choices', 2]]],
      [
        'bob',
        [
          ['choices', 2],
          ['user', 'stats'],
        ],
      ],
      ['ann', [['user', 'stats']]],
    ]);
  });
});
