import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { screen } from '@testing-library/react';
import type { Option } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { picksPageRoutes } from '../../test-support/periods';
import { renderApp } from '../../test-support/render-app';
import { anOption } from '../../test-support/standings';
import { aUser } from '../../test-support/users';

/* The Picks page while matches are played (docs/rules.md "Live table"). */

let fake: FakeFetch;
let uninstall: () => void;
let options: Option[];

beforeEach(() => {
  options = [];
  fake = createFakeFetch(picksPageRoutes(() => options));
  uninstall = installGlobalFetch(fake);
});

afterEach(() => uninstall());

test('a pick being played shows its score, the points if it holds, and the period if every score held', async () => {
  const fixture = {
    fixtureId: '2025-26-ARS-CHE',
    opponent: 'Chelsea',
    opponentCode: 'CHE',
    isHome: false,
    kickoff: '2025-08-16T14:00:00.000Z',
    status: 'TIMED',
  };
  options = [
    anOption('a', { name: 'Chelsea', isLocked: true, pickCount: 2, choiceId: 'c1', fixture }),
    anOption('b', { name: 'Brentford', isLocked: false, choiceId: 'c2' }),
  ];
  fake.routes.set('GET /api/leaderboards/live/overall?limit=100', () =>
    jsonResponse(200, {
      kind: 'overall',
      live: true,
      periodId: 5,
      asOf: '2025-08-16T14:50:00Z',
      stale: false,
      matches: [
        {
          fixtureId: '2025-26-ARS-CHE',
          periodId: 5,
          homeTeam: 'Arsenal FC',
          awayTeam: 'Chelsea FC',
          homeScore: 0,
          awayScore: 1,
          state: 'half-time',
          kickoff: '2025-08-16T14:00:00Z',
          changedAt: '2025-08-16T14:50:00Z',
        },
      ],
      rows: [],
      total: 0,
    }),
  );
  renderApp('/predictions', { user: aUser() });
  // Chelsea lead away: from the pick's side, 1-0 at half time, a win if it holds.
  expect((await screen.findAllByText(/HT 1–0/)).length).toBeGreaterThan(0);
  expect(screen.getAllByText('+3 if it holds').length).toBeGreaterThan(0);
  const line = screen.getByTestId('period-live');
  expect(line.textContent).toMatch(/3 points if the scores hold · up to 6 still possible \(provisional\)/);
});
