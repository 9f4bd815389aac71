import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { NoticeCoalescer, shared, type CoalescedNotice } from './notice-coalescer.js';

describe('NoticeCoalescer', () => {
  // A clock the test moves by hand; scheduled work runs when the clock passes its time.
  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000 });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('sends the first change at once and merges the changes of the next 250 ms into one notice', () => {
    const sent: CoalescedNotice[] = [];
    const coalescer = new NoticeCoalescer((notice) => sent.push(notice));

    coalescer.add(null, ['standings'], [['leaderboards', 'overall']], 10n);
    expect(sent).toEqual([
      { audience: null, readModels: ['standings'], queryKeys: [['leaderboards', 'overall']], position: 10n },
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
      jest.advanceTimersByTime(2);
    }
    expect(sent).toHaveLength(1);
    jest.advanceTimersByTime(50);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({
      audience: null,
      readModels: ['standings'],
      queryKeys: [
        ['leaderboards', 'overall'],
        ['results', 1],
        ['results', 2],
      ],
      position: 110n,
    });
    // Quiet for a window: the next change goes out at once again.
    jest.advanceTimersByTime(300);
    coalescer.add(null, ['periods'], [['periods']], 200n);
    expect(sent).toHaveLength(3);
  });

  it('keeps each audience apart: one user’s keys never reach another notice', () => {
    const sent: CoalescedNotice[] = [];
    const coalescer = new NoticeCoalescer((notice) => sent.push(notice));
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
    expect(sent.map((n) => [n.audience, n.queryKeys])).toEqual([
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
    expect(sent.map((n) => [n.audience, n.queryKeys])).toEqual([
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

  it('holds a notice until every projection has passed its position, and carries the news that came with it', () => {
    const sent: CoalescedNotice[] = [];
    let committed = 0n;
    const coalescer = new NoticeCoalescer(
      (notice) => sent.push(notice),
      (position) => committed >= position,
    );
    const result = {
      periodId: 1,
      optionId: '1-ARS',
      teamName: 'Arsenal FC',
      outcome: 'win' as const,
      points: 3,
      actorId: 'admin',
    };
    // The command hands its toast over before the projections have applied its event (12).
    coalescer.add('pool:a', [], [], 12n, { resultsRecorded: [result] });
    committed = 11n;
    coalescer.recheck();
    coalescer.add('pool:a', ['options'], [['options', 1]], 12n);
    expect(sent).toEqual([]);
    committed = 12n;
    coalescer.add('pool:a', ['standings'], [['leaderboards', 'overall']], 12n);
    coalescer.recheck();
    expect(sent).toEqual([
      {
        audience: 'pool:a',
        readModels: ['options', 'standings'],
        queryKeys: [
          ['options', 1],
          ['leaderboards', 'overall'],
        ],
        position: 12n,
        news: { resultsRecorded: [result] },
      },
    ]);
    // A projection that stays behind holds the next one a second at most.
    jest.advanceTimersByTime(300);
    coalescer.add('pool:a', ['options'], [['options', 2]], 20n);
    jest.advanceTimersByTime(999);
    expect(sent).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(sent[1]).toEqual({
      audience: 'pool:a',
      readModels: ['options'],
      queryKeys: [['options', 2]],
      position: 20n,
    });
  });
});

describe('shared', () => {
  it('sends notices of the same keys to all their rooms in one emit, at the newest position', () => {
    const notice = (audience: string | null, queryKeys: [string, number][], position: bigint) => ({
      audience,
      readModels: ['standings'],
      queryKeys,
      position,
    });
    expect(
      shared([
        notice('pool:a', [['choices', 1]], 5n),
        notice('pool:b', [['choices', 1]], 7n),
        notice('pool:c', [['choices', 2]], 6n),
        notice(null, [['choices', 1]], 4n),
        notice('pool:d', [['choices', 1]], 6n),
      ]),
    ).toEqual([
      {
        rooms: ['pool:a', 'pool:b', 'pool:d'],
        readModels: ['standings'],
        queryKeys: [['choices', 1]],
        position: 7n,
      },
      { rooms: ['pool:c'], readModels: ['standings'], queryKeys: [['choices', 2]], position: 6n },
      { rooms: null, readModels: ['standings'], queryKeys: [['choices', 1]], position: 4n },
    ]);
  });
});
