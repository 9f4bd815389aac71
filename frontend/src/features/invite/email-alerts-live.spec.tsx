import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationSettings, NotificationsOverview } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { aPeriod } from '../../test-support/periods';
import { renderApp } from '../../test-support/render-app';
import { someStats } from '../../test-support/standings';
import { aUser, anAdmin } from '../../test-support/users';

let fake: FakeFetch;
let uninstall: () => void;

const overview: NotificationsOverview = {
  emailConfigured: true,
  reminderHours: [24, 2],
  upcoming: [
    {
      kind: 'reminder',
      periodId: 7,
      periodName: 'Matchweek 7',
      slotHours: 24,
      at: '2025-10-03T18:00:00.000Z',
      recipients: 5,
    },
  ],
  log: [
    {
      id: '2',
      userId: 'u2',
      recipient: 'bob@example.com',
      kind: 'reminder',
      channel: 'email',
      subject: 'Matchweek 6: 1 of 3 picks made',
      periodId: 6,
      sentAt: '2025-09-26T18:00:00.000Z',
      status: 'error',
      error: 'Mailbox unavailable',
    },
    {
      id: '1',
      userId: 'u1',
      recipient: 'ann@example.com',
      kind: 'reminder',
      channel: 'email',
      subject: 'Matchweek 6: 0 of 3 picks made',
      periodId: 6,
      sentAt: '2025-09-26T18:00:00.000Z',
      status: 'delivered',
      error: null,
    },
  ],
};

beforeEach(() => {
  fake = createFakeFetch({
    'GET /api/community/stats': () =>
      jsonResponse(200, { totalUsers: 1, joinedThisWeek: 0, invitationsUsed: 0, invitationsSent: 0 }),
    'GET /api/user/stats': () => jsonResponse(200, someStats()),
    'GET /api/auth/registration': () =>
      jsonResponse(200, { mode: 'invite', firstAccount: false, invitation: null }),
    'GET /api/periods/current': () => jsonResponse(200, aPeriod({ id: 7, isActive: true })),
    'GET /api/choices/period/7': () => jsonResponse(200, []),
    'POST /api/invites/referral': () =>
      jsonResponse(200, { token: 'referral-token-1234', url: 'http://localhost/join/referral-token-1234' }),
    'GET /api/admin/notifications': () => jsonResponse(200, overview),
    'GET /api/admin/notifications/preview?kind=reminder&periodId=7': () =>
      jsonResponse(200, {
        subject: 'Matchweek 7: 0 of 3 picks made',
        text: 'Hi Pat Host,\n\nyou have made 0 of your 3 picks for Matchweek 7.',
        html: '',
      }),
  });
  uninstall = installGlobalFetch(fake);
});

afterEach(() => {
  uninstall();
});

function openTab(name: string) {
  const tab = screen.getByRole('tab', { name });
  fireEvent.mouseDown(tab, { button: 0 });
  fireEvent.click(tab);
}

describe('Email Alerts (admins)', () => {
  test('shows what goes out next, the log with outcomes, and sends a one-off message', async () => {
    fake.routes.set('POST /api/admin/notifications/broadcast', () =>
      jsonResponse(200, {
        recipients: 3,
        delivered: 3,
        failed: 0,
        skipped: { turnedOff: 2, unreachable: 1 },
      }),
    );
    renderApp('/invite', { user: anAdmin() });
    await screen.findByRole('heading', { name: 'Invite & Grow' });
    openTab('Email Alerts');
    const panel = screen.getByRole('tabpanel');
    const next = await within(panel).findByRole('list', { name: 'Next to go out' });
    expect(next.textContent).toContain('Matchweek 7 reminder (24 h before), to 5 players as things stand');
    const log = within(panel).getByRole('table', { name: 'Sent notifications' });
    within(log).getByText('Error: Mailbox unavailable');
    within(log).getByText('ann@example.com');
    within(log).getByText('Delivered');
    // The preview is the server's own message for the next matchweek, with real values.
    const preview = await within(panel).findByRole('article', { name: 'Message preview' });
    expect(preview.textContent).toContain('you have made 0 of your 3 picks for Matchweek 7.');

    fireEvent.change(within(panel).getByLabelText('Subject'), { target: { value: 'Picks please' } });
    fireEvent.change(within(panel).getByLabelText('Message'), {
      target: { value: 'Matchweek 7 opens soon.' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send message' }));
    await within(panel).findByText(
      'Sent to 3 players: 3 delivered. Skipped: 2 players turned off messages from the host; 1 player could not be reached (no e-mail on this server or no push in their browser).',
    );
    const posted = fake.calls.filter(
      (call) => call.method === 'POST' && call.url === '/api/admin/notifications/broadcast',
    );
    expect(posted.map((call) => JSON.parse(call.body!) as unknown)).toEqual([
      { audience: 'not-picked', subject: 'Picks please', message: 'Matchweek 7 opens soon.' },
    ]);
  });
});

describe('Profile › Notifications', () => {
  test('a player turns reminder e-mails off and sees the time zone deadlines use', async () => {
    const settings: NotificationSettings = {
      timeZone: 'Europe/Berlin',
      reminder: { email: true, push: true },
      results: { email: true, push: false },
      announcement: { email: true, push: true },
    };
    fake.routes.set('GET /api/notifications/settings', () => jsonResponse(200, settings));
    fake.routes.set('PUT /api/notifications/settings', (call) =>
      jsonResponse(200, JSON.parse(call.body!) as unknown),
    );
    renderApp('/profile', { user: aUser() });
    const box = await screen.findByRole('checkbox', { name: 'Reminders before the deadline by e-mail' });
    screen.getByText('Deadlines are shown in Europe/Berlin.');
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'Results when a matchweek completes by push' })
        .checked,
    ).toBe(false);
    fireEvent.click(box);
    await waitFor(() =>
      expect(
        fake.calls.filter((call) => call.method === 'PUT').map((call) => JSON.parse(call.body!) as unknown),
      ).toEqual([{ ...settings, reminder: { email: false, push: true } }]),
    );
    // Messages from the pool host are a choice of their own.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Messages from the pool host by push' }));
    await waitFor(() =>
      expect(
        fake.calls
          .filter((call) => call.method === 'PUT')
          .map((call) => JSON.parse(call.body!) as { announcement: unknown })[1]?.announcement,
      ).toEqual({
        email: true,
        push: false,
      }),
    );
  });
});
