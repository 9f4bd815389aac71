import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeFetch, installGlobalFetch, jsonResponse } from '../test-support/fake-fetch';
import { renderApp } from '../test-support/render-app';
import { someStats } from '../test-support/standings';
import { aUser } from '../test-support/users';

let uninstall: () => void;

beforeEach(() => {
  // "/" is the dashboard for a signed-in user: it loads the stats and the current period.
  uninstall = installGlobalFetch(
    createFakeFetch({
      'GET /api/user/stats': () => jsonResponse(200, someStats()),
      'GET /api/periods/current': () => jsonResponse(200, null),
      'GET /api/leaderboards/overall': () => jsonResponse(200, []),
      'GET /api/leaderboards/survivor': () => jsonResponse(200, []),
      'GET /api/leaderboards/last10': () => jsonResponse(200, []),
    }),
  );
});

afterEach(() => uninstall());

describe('not-found page', () => {
  test('an unknown URL shows the spec texts inside the app layout', async () => {
    renderApp('/no-such-page', { user: aUser() });

    const heading = await screen.findByRole('heading', { level: 1, name: 'Page Not Found' });
    const main = screen.getByRole('main');
    expect(main.contains(heading)).toBe(true);
    within(main).getByText('404');
    within(main).getByText("The page you're looking for doesn't exist or has been moved.");
    within(main).getByRole('button', { name: 'Go to Home' });
    within(main).getByRole('button', { name: 'Go Back' });
    // The layout stays around it.
    screen.getByRole('navigation', { name: 'Main' });
  });

  test('"Go to Home" leads to /', async () => {
    const { router } = renderApp('/no-such-page', { user: aUser() });

    fireEvent.click(await screen.findByRole('button', { name: 'Go to Home' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByText('Page Not Found')).toBeNull();
  });

  test('"Go Back" returns to the previous page', async () => {
    const { router } = renderApp(['/', '/gone'], { user: aUser() });

    fireEvent.click(await screen.findByRole('button', { name: 'Go Back' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  });
});
