import { describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../test-support/render-app';
import { aUser } from '../test-support/users';

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
    await screen.findByRole('heading', { name: 'Treble — Premier League prediction pool' });
    expect(screen.queryByText('Page Not Found')).toBeNull();
  });

  test('"Go Back" returns to the previous page', async () => {
    const { router } = renderApp(['/', '/gone'], { user: aUser() });

    fireEvent.click(await screen.findByRole('button', { name: 'Go Back' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByRole('heading', { name: 'Treble — Premier League prediction pool' });
  });
});
