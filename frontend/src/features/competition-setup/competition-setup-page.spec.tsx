import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import type { CompetitionSummary, Prize } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { renderApp } from '../../test-support/render-app';
import { anAdmin, aUser } from '../../test-support/users';
import { prizePool } from './competition-setup-page';

let fake: FakeFetch;
let uninstall: () => void;

beforeEach(() => {
  fake = createFakeFetch();
  uninstall = installGlobalFetch(fake);
});

afterEach(() => uninstall());

function aPrize(overrides: Partial<Prize> & Pick<Prize, 'id' | 'competition' | 'amount'>): Prize {
  return { position: '1st', currency: 'USD', description: null, isActive: true, ...overrides };
}

const prizes: Prize[] = [
  aPrize({ id: 'p1', competition: 'overall', amount: '1000.00' }),
  aPrize({ id: 'p2', competition: 'overall', amount: '150.00', position: '2nd' }),
  aPrize({ id: 'p3', competition: 'survivor', amount: '900.00' }),
  aPrize({ id: 'p4', competition: 'last10', amount: '400.00', currency: 'GBP' }),
  aPrize({ id: 'p5', competition: 'last10', amount: '999.00', isActive: false }),
];

const summary: CompetitionSummary = {
  totalPeriods: 38,
  overallPeriods: 38,
  last10Periods: 10,
  survivorPeriods: 38,
  dualScoringNote: 'Picks in the Last 10 periods (from period 29) count toward both Overall and Last 10.',
};

function serveReads() {
  fake.routes.set('GET /api/prizes', () => jsonResponse(200, prizes));
  fake.routes.set('GET /api/admin/competition/summary', () => jsonResponse(200, summary));
}

describe('prize pools', () => {
  test('sum the active prizes of a competition per currency', () => {
    expect(prizePool(prizes, 'overall')).toBe('$1,150');
    expect(prizePool(prizes, 'last10')).toBe('£400');
    expect(
      prizePool(
        [...prizes, aPrize({ id: 'p6', competition: 'survivor', amount: '50.50', currency: 'EUR' })],
        'survivor',
      ),
    ).toBe('$900 + €50.50');
    expect(prizePool([], 'overall')).toBe('No prize yet');
  });
});

describe('competition setup page', () => {
  test('shows the three competitions with the prize pools from the server, and the summary', async () => {
    serveReads();
    renderApp('/competition-setup', { user: anAdmin() });

    await screen.findByRole('heading', { name: 'Competition Setup', level: 1 });
    await within(screen.getByRole('listitem', { name: 'Overall' })).findByText('$1,150');
    within(screen.getByRole('listitem', { name: 'Survivor' })).getByText('$900');
    within(screen.getByRole('listitem', { name: 'Last 10' })).getByText('£400');

    await screen.findByText(summary.dualScoringNote);
    const totals = screen.getByText('Total periods').parentElement as HTMLElement;
    within(totals).getByText('38');
    within(screen.getByText('Last 10 periods').parentElement as HTMLElement).getByText('10');
  });

  test('"Create All 38 Periods" asks first, then posts, toasts Success! and refreshes the summary', async () => {
    serveReads();
    fake.routes.set('GET /api/admin/competition/summary', () =>
      jsonResponse(200, {
        ...summary,
        totalPeriods: 0,
        overallPeriods: 0,
        last10Periods: 0,
        survivorPeriods: 0,
      }),
    );
    fake.routes.set('POST /api/admin/setup/periods', () => {
      fake.routes.set('GET /api/admin/competition/summary', () => jsonResponse(200, summary));
      return jsonResponse(201, {
        message: 'Created all 38 EPL periods with authentic fixture dates.',
        created: 38,
        unchanged: 0,
        totalPeriods: 38,
      });
    });
    renderApp('/competition-setup', { user: anAdmin() });

    fireEvent.click(await screen.findByRole('button', { name: 'Create All 38 Periods' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByRole('heading', { name: 'Create all 38 periods?' });
    expect(fake.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create All 38 Periods' }));

    await screen.findByText('Success!');
    expect(
      screen.getAllByText('Created all 38 EPL periods with authentic fixture dates.').length,
    ).toBeGreaterThan(0);
    await within(screen.getByText('Total periods').parentElement as HTMLElement).findByText('38');
  });

  test('"Create All Team Options" posts and reports the server message; a failure toasts an Error', async () => {
    serveReads();
    fake.routes.set('POST /api/admin/setup/options', () =>
      jsonResponse(200, { message: 'Created 760 team options.', added: 760 }),
    );
    renderApp('/competition-setup', { user: anAdmin() });

    fireEvent.click(await screen.findByRole('button', { name: 'Create All Team Options' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Create All Team Options' }),
    );
    expect((await screen.findAllByText('Created 760 team options.')).length).toBeGreaterThan(0);

    fake.routes.set('POST /api/admin/setup/options', () =>
      jsonResponse(500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create All Team Options' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Create All Team Options' }),
    );
    await screen.findByText('Failed to create options');
  });

  test('a player sees Admin Access Required on every admin panel', async () => {
    for (const path of ['/competition-setup', '/simple-admin', '/admin-dashboard']) {
      const view = renderApp(path, { user: aUser() });
      await screen.findByRole('heading', { name: 'Admin Access Required' });
      view.unmount();
    }
    // Only what every signed-in page loads (the rules, the header's pools); no admin call.
    expect(fake.calls.filter((call) => !['/api/rules', '/api/pools'].includes(call.url))).toHaveLength(0);
  });
});

describe('admin panels', () => {
  test('simple admin links to every admin page', async () => {
    renderApp('/simple-admin', { user: anAdmin() });
    const links = within(await screen.findByRole('list', { name: 'Admin pages' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin',
      '/period-management',
      '/competition-setup',
      '/admin-dashboard',
    ]);
  });

  test('the admin dashboard embeds the competition setup', async () => {
    serveReads();
    renderApp('/admin-dashboard', { user: anAdmin() });
    await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 });
    screen.getByRole('button', { name: 'Create All 38 Periods' });
    await screen.findByText(summary.dualScoringNote);
    expect(within(screen.getByRole('list', { name: 'Admin pages' })).getAllByRole('link')).toHaveLength(4);
  });
});
