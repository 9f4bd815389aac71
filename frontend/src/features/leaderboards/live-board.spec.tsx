import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import type { LiveBoard, LiveRow } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { renderApp } from '../../test-support/render-app';
import { anEntry } from '../../test-support/standings';
import { aUser } from '../../test-support/users';

const row = (name: string, figures: Partial<LiveRow>): LiveRow => ({
  rank: 1,
  officialRank: 1,
  userId: `id-${name}`,
  firstName: null,
  lastName: null,
  displayName: name,
  profileImageUrl: null,
  totalPoints: 0,
  officialPoints: 0,
  livePoints: 0,
  wins: 0,
  ...figures,
});

const board = (kind: LiveBoard['kind'], rows: LiveRow[], live = true): LiveBoard => ({
  kind,
  live,
  periodId: 1,
  asOf: '2025-08-16T14:50:00Z',
  stale: false,
  matches: live
    ? [
        {
          fixtureId: '2025-26-TOT-BUR',
          periodId: 1,
          homeTeam: 'Tottenham Hotspur FC',
          awayTeam: 'Burnley FC',
          homeScore: 1,
          awayScore: 0,
          state: 'half-time',
          kickoff: '2025-08-16T14:00:00Z',
          changedAt: '2025-08-16T14:50:00Z',
        },
      ]
    : [],
  rows,
  total: rows.length,
});

let fake: FakeFetch;
let uninstall: () => void;

beforeEach(() => {
  fake = createFakeFetch({
    'GET /api/leaderboards/summary': () =>
      jsonResponse(200, { totalPlayers: 2, survivors: 2, last10Players: 0 }),
    'GET /api/leaderboards/overall': () =>
      jsonResponse(200, [anEntry(1, 'Pia Player'), anEntry(2, 'Ada Admin')]),
    'GET /api/leaderboards/live/overall?limit=100': () =>
      jsonResponse(
        200,
        board('overall', [
          row('Ada Admin', { rank: 1, officialRank: 2, totalPoints: 4, livePoints: 4 }),
          row('Pia Player', { rank: 2, officialRank: 1, totalPoints: 3, officialPoints: 3 }),
        ]),
      ),
    'GET /api/leaderboards/live/survivor?limit=100': () =>
      jsonResponse(
        200,
        board('survivor', [
          row('Ada Admin', { totalPoints: 4, livePoints: 4, strikeCount: 0, wouldStrike: false }),
          row('Pia Player', {
            rank: 2,
            totalPoints: 3,
            strikeCount: 2,
            wouldStrike: true,
            wouldBeEliminated: true,
          }),
        ]),
      ),
  });
  uninstall = installGlobalFetch(fake);
});

afterEach(() => uninstall());

describe('the live table', () => {
  test('opens live while a match is played: provisional, labelled, with movement against the official table', async () => {
    renderApp('/leaderboards', { user: aUser() });
    const rows = await screen.findAllByTestId('live-row');
    expect(screen.getByRole('switch', { name: 'Live table' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('live-note').textContent).toMatch(
      /Provisional: the table if every current score held/,
    );
    expect(screen.getByTestId('live-match').textContent).toMatch(/Tottenham Hotspur FC 1–0 Burnley FC\s*HT/);
    const [ada, pia] = rows as [HTMLElement, HTMLElement];
    within(ada).getByText('New leader');
    within(ada).getByLabelText('Up 1 on the official table');
    within(ada).getByText('Official #2, 0 pts');
    expect(within(ada).getByLabelText('4 of them provisional').textContent).toBe('+4');
    within(pia).getByLabelText('Down 1 on the official table');

    // The official table is one tap away, unmixed with provisional numbers.
    fireEvent.click(screen.getByRole('switch', { name: 'Live table' }));
    const official = await screen.findAllByTestId('leader-row');
    expect(official.map((item) => within(item).getByTestId('leader-name').textContent)).toEqual([
      'Pia Player',
      'Ada Admin',
    ]);
    expect(screen.queryByTestId('live-note')).toBeNull();
  });

  test('Survivor says who would take a strike, or be eliminated, if the scores held', async () => {
    renderApp('/leaderboards', { user: aUser() });
    await screen.findAllByTestId('live-row');
    const tab = screen.getByRole('tab', { name: 'Survivor' });
    fireEvent.mouseDown(tab, { button: 0 });
    fireEvent.click(tab);
    const rows = await screen.findAllByTestId('live-row');
    expect(within(rows[1] as HTMLElement).getByText('Would be eliminated')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByText(/Would/)).toBeNull();
  });

  test('shows no switch and the official table when no match is being played', async () => {
    fake.routes.set('GET /api/leaderboards/live/overall?limit=100', () =>
      jsonResponse(200, board('overall', [], false)),
    );
    renderApp('/leaderboards', { user: aUser() });
    await screen.findAllByTestId('leader-row');
    expect(screen.queryByRole('switch', { name: 'Live table' })).toBeNull();
  });
});
