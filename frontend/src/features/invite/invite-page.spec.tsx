import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { queryKeys, type CommunityStats } from '@treble/contracts';
import {
  createFakeFetch,
  installGlobalFetch,
  jsonResponse,
  type FakeFetch,
} from '../../test-support/fake-fetch';
import { aPeriod } from '../../test-support/periods';
import { renderApp } from '../../test-support/render-app';
import { someStats } from '../../test-support/standings';
import { anAdmin, aUser } from '../../test-support/users';

let fake: FakeFetch;
let uninstall: () => void;
let copied: string[];
let opened: { url: string; features: string }[];
const originalOpen = window.open;

const community: CommunityStats = {
  totalUsers: 12,
  joinedThisWeek: 3,
  invitationsUsed: 5,
  invitationsSent: 8,
};
const link = `${window.location.origin}/register?invite=referral-token-1234`;

beforeEach(() => {
  fake = createFakeFetch({
    'GET /api/community/stats': () => jsonResponse(200, community),
    'POST /api/invites/referral': () => jsonResponse(200, { token: 'referral-token-1234', url: link }),
    'GET /api/user/stats': () => jsonResponse(200, someStats()),
    'GET /api/auth/registration': () =>
      jsonResponse(200, { mode: 'invite', firstAccount: false, invitation: null }),
    'GET /api/periods/current': () => jsonResponse(200, aPeriod({ id: 7, isActive: true })),
    'GET /api/choices/period/7': () =>
      jsonResponse(200, [{ id: 'c1', userId: 'u', periodId: 7, optionId: 'o' }]),
  });
  uninstall = installGlobalFetch(fake);
  copied = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: (text: string) => {
        copied.push(text);
        return Promise.resolve();
      },
    },
  });
  opened = [];
  window.open = ((url: string, _target: string, features: string) => {
    opened.push({ url, features });
    return null;
  }) as typeof window.open;
});

afterEach(() => {
  uninstall();
  window.open = originalOpen;
});

function openTab(name: string) {
  const tab = screen.getByRole('tab', { name });
  fireEvent.mouseDown(tab, { button: 0 });
  fireEvent.click(tab);
}

function tile(label: string): HTMLElement {
  const found = screen.getAllByTestId('stat-tile').find((element) => within(element).queryByText(label));
  if (!found) throw new Error(`No tile ${label}`);
  return found;
}

function shareButtons(kind: string) {
  const card = screen.getByTestId(`share-${kind}`);
  return within(card).getAllByRole<HTMLButtonElement>('button');
}

describe('invite page', () => {
  test('shows the real community figures, with no placeholder e-mail opens', async () => {
    renderApp('/invite', { user: aUser() });
    await screen.findByRole('heading', { name: 'Invite & Grow' });
    within(tile('Total Users')).getByText('12');
    within(tile('This Week')).getByText('3');
    within(tile('Referrals')).getByText('5');
    within(tile('Invitations Sent')).getByText('8');
    expect(screen.queryByText('Email Opens')).toBeNull();
  });

  test('social share: only the messages the stats support are enabled; Copy Link copies and says so', async () => {
    renderApp('/invite', { user: aUser() });
    await screen.findByRole('heading', { name: 'Invite & Grow' });
    for (const kind of ['rank', 'results', 'survivor']) {
      expect(shareButtons(kind).every((button) => button.disabled)).toBe(true);
    }
    expect(shareButtons('invite').every((button) => !button.disabled)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    await screen.findByText('Link Copied!');
    expect(copied).toEqual([link]);
  });

  test('a ranked player shares rank and result; survivor only while alive', async () => {
    fake.routes.set('GET /api/user/stats', () =>
      jsonResponse(
        200,
        someStats({
          overallRank: 2,
          totalPoints: 17,
          isEliminated: true,
          scores: [{ periodId: 3, totalPoints: 6, isCompleted: true, picks: 3, scoredPicks: 3 }],
        }),
      ),
    );
    renderApp('/invite', { user: aUser() });
    await screen.findByRole('heading', { name: 'Invite & Grow' });
    expect(shareButtons('rank').every((button) => !button.disabled)).toBe(true);
    expect(shareButtons('results').every((button) => !button.disabled)).toBe(true);
    expect(shareButtons('survivor').every((button) => button.disabled)).toBe(true);
    within(screen.getByTestId('share-results')).getByText(/I scored 6 points in Matchweek 3/);

    fireEvent.click(screen.getByRole('button', { name: 'Copy: Share your rank' }));
    await screen.findByText('Copied to Clipboard!');
    expect(copied[0]).toMatch(/^I'm ranked #2 with 17 points/);

    fireEvent.click(screen.getByRole('button', { name: 'Share on Twitter: Share your rank' }));
    expect(opened[0]!.url).toMatch(/^https:\/\/twitter\.com\/intent\/tweet\?text=/);
    expect(opened[0]!.features).toContain('width=600,height=400');
  });

  test('an active ranked player can share the survivor streak', async () => {
    fake.routes.set('GET /api/user/stats', () =>
      jsonResponse(200, someStats({ overallRank: 1, strikeCount: 1 })),
    );
    renderApp('/invite', { user: aUser() });
    await screen.findByRole('heading', { name: 'Invite & Grow' });
    expect(shareButtons('survivor').every((button) => !button.disabled)).toBe(true);
    within(screen.getByTestId('share-survivor')).getByText(/1\/3 strikes/);
  });

  test('referrals for a player: copyable link, four networks in a 600x400 popup and a mailto invitation', async () => {
    renderApp('/invite', { user: aUser() });
    await screen.findByRole('heading', { name: 'Invite & Grow' });
    openTab('Referrals');
    expect(screen.getByLabelText<HTMLInputElement>('Referral link').value).toBe(link);
    for (const [network, prefix] of [
      ['Twitter', 'https://twitter.com/intent/tweet?'],
      ['Facebook', 'https://www.facebook.com/sharer/sharer.php?u='],
      ['LinkedIn', 'https://www.linkedin.com/sharing/share-offsite/?url='],
      ['WhatsApp', 'https://wa.me/?text='],
    ] as const) {
      fireEvent.click(screen.getByRole('button', { name: `Share on ${network}` }));
      const last = opened[opened.length - 1]!;
      expect(last.url.startsWith(prefix)).toBe(true);
      expect(last.url).toContain(encodeURIComponent(link));
      expect(last.features).toContain('width=600,height=400');
    }
    // No button claims to send: a player's own e-mail app does.
    expect(screen.queryByRole('button', { name: 'Send Invite' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Write invitation e-mail' })).toBeNull();
    fireEvent.change(screen.getByLabelText("Friend's e-mail address"), {
      target: { value: 'pal@example.com' },
    });
    const mailto = screen.getByRole('link', { name: 'Write invitation e-mail' }).getAttribute('href')!;
    expect(mailto.startsWith('mailto:pal%40example.com?subject=')).toBe(true);
    expect(decodeURIComponent(mailto)).toContain('Ann Player invites you');
    expect(fake.calls.some((call) => call.url === '/api/send-invite')).toBe(false);
  });

  test('referrals for an admin send the invitation through the server, with the fallback link when mail is down', async () => {
    fake.routes.set('POST /api/send-invite', () =>
      jsonResponse(200, {
        message: 'Invitation sent to pal@example.com.',
        fallbackLink: 'http://x/register?invite=t',
      }),
    );
    renderApp('/invite', { user: anAdmin() });
    await screen.findByRole('heading', { name: 'Invite & Grow' });
    openTab('Referrals');
    const input = screen.getByLabelText('E-mail address');
    fireEvent.change(input, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invite' }));
    screen.getByText('Enter a valid e-mail address.');
    expect(fake.calls.some((call) => call.url === '/api/send-invite')).toBe(false);

    fireEvent.change(input, { target: { value: 'pal@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invite' }));
    await screen.findByText('Invite Sent!');
    const sent = fake.calls.find((call) => call.method === 'POST' && call.url === '/api/send-invite');
    expect(JSON.parse(sent!.body!)).toEqual({ email: 'pal@example.com' });

    fake.routes.set('POST /api/send-invite', () =>
      jsonResponse(503, {
        statusCode: 503,
        code: 'EMAIL_UNAVAILABLE',
        message: 'E-mail is not set up on this server',
        fallbackLink: 'http://x/register?invite=abc',
      }),
    );
    fireEvent.change(input, { target: { value: 'pal@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invite' }));
    await screen.findByText('Email Unavailable');
    screen.getByText('E-mail is not set up on this server. Copy the direct link instead.');
    expect(screen.getByLabelText<HTMLInputElement>('Direct invitation link').value).toBe(
      'http://x/register?invite=abc',
    );
  });

  test('email alerts are for admins: players see "Admin Access Required"', async () => {
    renderApp('/invite', { user: aUser() });
    await screen.findByRole('heading', { name: 'Invite & Grow' });
    openTab('Email Alerts');
    within(screen.getByRole('tabpanel')).getByRole('heading', { name: 'Admin Access Required' });
    expect(within(screen.getByRole('tabpanel')).queryByRole('button')).toBeNull();
  });

  test('admins edit the mail templates the pool writes from; a refused placeholder shows the reason; reset goes back', async () => {
    const template = (kind: string, subject: string, text: string, customized = false) => ({
      kind,
      subject,
      text,
      customized,
      placeholders: ['user_name', 'period_name', ...(kind === 'reminder' ? ['deadline'] : [])],
      defaultSubject: subject,
      defaultText: text,
    });
    let reminder = template('reminder', '{{period_name}}: picks', 'Hi {{user_name}}, deadline {{deadline}}');
    fake.routes.set('GET /api/admin/notifications', () =>
      jsonResponse(200, { emailConfigured: true, reminderHours: [24, 2], upcoming: [], log: [] }),
    );
    fake.routes.set('GET /api/admin/notifications/templates', () =>
      jsonResponse(200, [
        template('welcome', 'Welcome, {{user_name}}', 'Hi'),
        reminder,
        template('results', 'Results', 'x'),
        template('invite', 'Join', 'y'),
      ]),
    );
    fake.routes.set('PUT /api/admin/notifications/templates/reminder', (call) => {
      const body = JSON.parse(call.body!) as { subject: string; text: string };
      if (body.text.includes('{{deadlne}}')) {
        return jsonResponse(400, {
          statusCode: 400,
          code: 'TEMPLATE_PLACEHOLDER_UNKNOWN',
          message: 'The text uses {{deadlne}}, which reminder e-mails do not have.',
        });
      }
      reminder = { ...reminder, ...body, customized: true };
      return jsonResponse(200, reminder);
    });
    fake.routes.set('DELETE /api/admin/notifications/templates/reminder', () => {
      reminder = template('reminder', '{{period_name}}: picks', 'Hi {{user_name}}, deadline {{deadline}}');
      return jsonResponse(200, reminder);
    });
    renderApp('/invite', { user: anAdmin() });
    await screen.findByRole('heading', { name: 'Invite & Grow' });
    openTab('Email Alerts');
    const panel = screen.getByRole('tabpanel');
    const form = await within(panel).findByRole('form', { name: 'Reminder (before a deadline) template' });
    within(form).getByText('{{deadline}}');
    const text = within(form).getByLabelText<HTMLTextAreaElement>('Text');
    expect(text.value).toBe('Hi {{user_name}}, deadline {{deadline}}');
    const reset = within(form).getByRole('button', { name: 'Reset to default' });
    expect(reset).toHaveProperty('disabled', true);

    fireEvent.change(text, { target: { value: 'Oi {{user_name}}: {{deadlne}}' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
    await within(form).findByText('The text uses {{deadlne}}, which reminder e-mails do not have.');

    fireEvent.change(text, { target: { value: 'Oi {{user_name}}: {{deadline}}' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
    await within(form).findByText('Template saved.');
    await within(panel).findByRole('option', { name: 'Reminder (before a deadline) (edited)' });
    expect(JSON.parse(fake.calls.filter((call) => call.method === 'PUT').at(-1)!.body!)).toEqual({
      subject: '{{period_name}}: picks',
      text: 'Oi {{user_name}}: {{deadline}}',
    });

    fireEvent.click(within(form).getByRole('button', { name: 'Reset to default' }));
    await within(form).findByText("Back to Treble's wording.");
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Text').value).toBe(
      'Hi {{user_name}}, deadline {{deadline}}',
    );
    within(panel).getByRole('button', { name: 'Send Invite' });
    // Nothing here pretends to bulk-send.
    expect(within(panel).queryByRole('button', { name: /bulk|send to all/i })).toBeNull();
  });

  test('growth tips: four cards with effort and impact', async () => {
    renderApp('/invite', { user: aUser() });
    await screen.findByRole('heading', { name: 'Invite & Grow' });
    openTab('Growth Tips');
    const tips = screen.getAllByTestId('growth-tip');
    expect(tips).toHaveLength(4);
    for (const tip of tips) {
      within(tip).getByText(/^Effort: /);
      within(tip).getByText(/^Impact: /);
    }
  });

  test('a failed load shows the error and Retry', async () => {
    fake.routes.set('GET /api/community/stats', () =>
      jsonResponse(500, { statusCode: 500, code: 'INTERNAL', message: 'Boom' }),
    );
    renderApp('/invite', { user: aUser() });
    await screen.findByText('500: Boom');
    screen.getByRole('heading', { name: 'Could not load the invite page' });
    screen.getByRole('button', { name: 'Retry' });
  });

  test('a failed refresh keeps the page on screen, with a notice', async () => {
    const { queryClient } = renderApp('/invite', { user: aUser() });
    await screen.findAllByTestId('stat-tile');
    fake.routes.set('GET /api/community/stats', () =>
      jsonResponse(503, { statusCode: 503, code: 'INTERNAL', message: 'Down' }),
    );
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.community() }));
    const notice = await screen.findByTestId('refresh-notice');
    expect(notice.textContent).toContain('503: Down');
    within(tile('Total Users')).getByText('12');
  });
});
