import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  AuditEntry,
  CreatedInvitation,
  MailTemplateView,
  Option,
  SendInviteResponse,
} from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { NotificationsService } from '../../src/notifications/notifications.service.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { startMailbox, type Mailbox } from '../support/mailbox.js';

const hours = (count: number) => count * 3_600_000;

/** The admin-editable templates of the Email Alerts tab: every e-mail kind is written from its own. */
describe.each(databaseTargets)('mail templates on $name', (target) => {
  let app: TestApp;
  let mailbox: Mailbox;
  let admin: SignedIn;
  let ann: SignedIn;

  const templates = async () =>
    (await admin.request('GET', '/api/admin/notifications/templates')).body as MailTemplateView[];
  const subjectOf = (body: string) => /^Subject: (.*)$/m.exec(body.replace(/\r?\n[ \t]+/g, ' '))?.[1];

  beforeAll(async () => {
    mailbox = await startMailbox();
    app = await startTestApp(target, {
      POOL_NOW: '2025-08-10T12:00:00Z',
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      PUBLIC_URL: 'https://pool.treble.example',
      NOTIFICATIONS_CHECK_SECONDS: '3600',
    });
    admin = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    ann = await registerPlayer(app, admin, { firstName: 'Ann', lastName: 'Able' });
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await mailbox?.close();
  });

  it('lists the four templates with their placeholders; players may not see them', async () => {
    const list = await templates();
    expect(list.map((template) => [template.kind, template.customized])).toEqual([
      ['welcome', false],
      ['reminder', false],
      ['results', false],
      ['invite', false],
    ]);
    const reminder = list.find((template) => template.kind === 'reminder')!;
    expect(reminder.placeholders).toEqual(
      expect.arrayContaining([
        'user_name',
        'user_email',
        'user_score',
        'user_rank',
        'period_number',
        'period_name',
        'choices_made',
        'referral_link',
        'deadline',
        'still_open',
      ]),
    );
    expect(list.find((template) => template.kind === 'welcome')!.placeholders).not.toContain('deadline');
    expect((await ann.request('GET', '/api/admin/notifications/templates')).status).toBe(403);
    expect(
      (await ann.request('PUT', '/api/admin/notifications/templates/reminder', { subject: 'x', text: 'y' }))
        .status,
    ).toBe(403);
  });

  it('refuses unknown placeholders, broken braces, an empty or two-line subject and unknown kinds with stable codes', async () => {
    const put = (kind: string, body: unknown) =>
      admin.request('PUT', `/api/admin/notifications/templates/${kind}`, body);
    expect((await put('reminder', { subject: 'Hi {{user_nam}}', text: 'x' })).body).toMatchObject({
      statusCode: 400,
      code: 'TEMPLATE_PLACEHOLDER_UNKNOWN',
      message: expect.stringContaining('{{user_nam}}'),
    });
    // A placeholder of another kind is not one this kind fills.
    expect((await put('welcome', { subject: 'Hi', text: 'Deadline {{deadline}}' })).body).toMatchObject({
      code: 'TEMPLATE_PLACEHOLDER_UNKNOWN',
    });
    expect((await put('results', { subject: 'Hi', text: 'Score {{user_score}' })).body).toMatchObject({
      code: 'TEMPLATE_PLACEHOLDER_UNKNOWN',
    });
    expect((await put('results', { subject: '', text: 'x' })).body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    expect((await put('results', { subject: '   ', text: 'x' })).body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    expect((await put('results', { subject: 'a\nb', text: 'x' })).body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    expect((await put('results', { subject: 'a', text: ['x'] })).body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    expect((await put('results', 'text')).status).toBe(400);
    expect((await put('goodbye', { subject: 'a', text: 'b' })).body).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
    });
    expect((await templates()).every((template) => !template.customized)).toBe(true);
  });

  it('writes reminders, results, welcomes and invitations from the saved templates; resets go back; every change is audited with its admin', async () => {
    const saved = await admin.request('PUT', '/api/admin/notifications/templates/reminder', {
      subject: '{{period_name}} closes {{deadline}}',
      text: 'Oi {{user_name}} ({{user_email}}): {{choices_made}}/{{picks_needed}} picked for matchweek {{period_number}}.\n\n{{still_open}}\n\nBring a friend: {{referral_link}}',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      kind: 'reminder',
      customized: true,
      subject: '{{period_name}} closes {{deadline}}',
    });
    // Saving the same wording again changes nothing (no event).
    const store = app.app.get<EventStore>(EVENT_STORE);
    const length = (await store.readStream('notification-templates')).length;
    await admin.request('PUT', '/api/admin/notifications/templates/reminder', {
      subject: '{{period_name}} closes {{deadline}}',
      text: 'Oi {{user_name}} ({{user_email}}): {{choices_made}}/{{picks_needed}} picked for matchweek {{period_number}}.\n\n{{still_open}}\n\nBring a friend: {{referral_link}}',
    });
    expect((await store.readStream('notification-templates')).length).toBe(length);

    expect(
      (
        await admin.request('PUT', '/api/admin/notifications/templates/results', {
          subject: 'MW{{period_number}}: {{user_score}} pts, rank {{user_rank}}',
          text: '{{standings}}',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.request('PUT', '/api/admin/notifications/templates/welcome', {
          subject: 'Hello {{user_name}}!',
          text: 'First up: {{period_name}}.',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.request('PUT', '/api/admin/notifications/templates/invite', {
          subject: 'Join {{user_name}} now',
          text: 'Link ({{invite_days}} days): {{referral_link}}',
        })
      ).status,
    ).toBe(200);

    // The reminder, as sent at the 24 h slot of matchweek 1.
    const options = (await ann.request('GET', '/api/periods/1/options')).body as Option[];
    const deadline = new Date(Math.min(...options.map((option) => Date.parse(option.lockAt!))));
    const reminderArrives = mailbox.next(ann.user.email);
    await app.app.get(NotificationsService).runOnce(new Date(deadline.getTime() - hours(24) + 60_000));
    const reminder = (await reminderArrives).body;
    expect(subjectOf(reminder)).toBe('Matchweek 1 closes Fri 15 Aug, 19:00 (UTC)');
    expect(reminder).toContain(`Oi Ann Able (${ann.user.email}): 0/3 picked for matchweek 1.`);
    expect(reminder).toContain('- Liverpool FC v AFC Bournemouth (locks Fri 15 Aug, 19:00 (UTC))');
    expect(reminder).toContain('Bring a friend: https://pool.treble.example/invite');

    // The admin's preview is written from the same template.
    const preview = await admin.request('GET', '/api/admin/notifications/preview?kind=reminder&periodId=1');
    expect(preview.body).toMatchObject({ subject: expect.stringMatching(/^Matchweek 1 closes /) });
    // Once the admin has a referral link, {{referral_link}} is that link, the Invite page's.
    const referral = (await admin.request('POST', '/api/invites/referral', {})).body as CreatedInvitation;
    const withLink = await admin.request('GET', '/api/admin/notifications/preview?kind=reminder&periodId=1');
    expect((withLink.body as { text: string }).text).toContain(`Bring a friend: ${referral.url}`);

    // The welcome of a new player and an invitation.
    const inviteArrives = mailbox.next('cat@example.com');
    const invited = await admin.request('POST', '/api/send-invite', { email: 'cat@example.com' });
    expect(invited.status).toBe(200);
    const invitation = (await inviteArrives).body;
    expect(subjectOf(invitation)).toBe('Join Ada Admin now');
    expect(invitation).toContain(`Link (14 days): ${(invited.body as SendInviteResponse).fallbackLink}`);
    const welcomed = mailbox.next('dan@example.com');
    await registerPlayer(app, admin, { email: 'dan@example.com', firstName: 'Dan', lastName: 'Dawdle' });
    const welcome = (await welcomed).body;
    expect(subjectOf(welcome)).toBe('Hello Dan Dawdle!');
    expect(welcome).toContain('First up: Matchweek 1.');

    // The results digest of matchweek 1.
    expect((await ann.request('POST', '/api/choices', { periodId: 2, optionId: '2-LIV' })).status).toBe(201);
    for (const option of options) {
      expect(
        (await admin.request('POST', '/api/results', { optionId: option.id, outcome: 'draw', force: true }))
          .status,
      ).toBe(201);
    }
    expect((await admin.request('POST', '/api/periods/1/complete', { force: true })).status).toBe(200);
    const digestArrives = mailbox.next(ann.user.email);
    await app.app.get(NotificationsService).sendDigest(1, new Date('2025-08-19T09:00:00Z'));
    const digest = (await digestArrives).body;
    expect(subjectOf(digest)).toMatch(/^MW1: 0 pts, rank \d+$/);
    expect(digest).toContain('Overall: rank');

    // Back to Treble's wording.
    const reset = await admin.request('DELETE', '/api/admin/notifications/templates/welcome');
    expect(reset.body).toMatchObject({
      kind: 'welcome',
      customized: false,
      subject: 'Welcome to the pool, {{user_name}}',
    });
    const eve = mailbox.next('eve@example.com');
    await registerPlayer(app, admin, { email: 'eve@example.com', firstName: 'Eve' });
    expect(subjectOf((await eve).body)).toBe('Welcome to the pool, Eve');

    // Every change is in the event history with the admin who made it.
    await app.app.get(ProjectionEngine).waitFor(await store.headPosition(), undefined, ['audit']);
    const audit = (await admin.request('GET', '/api/admin/audit?stream=notification-templates'))
      .body as AuditEntry[];
    expect(
      audit.map((entry) => [
        entry.type,
        (entry.data as { kind: string }).kind,
        entry.actorName,
        entry.source,
      ]),
    ).toEqual([
      ['MailTemplateReset', 'welcome', 'Ada Admin', 'admin'],
      ['MailTemplateChanged', 'invite', 'Ada Admin', 'admin'],
      ['MailTemplateChanged', 'welcome', 'Ada Admin', 'admin'],
      ['MailTemplateChanged', 'results', 'Ada Admin', 'admin'],
      ['MailTemplateChanged', 'reminder', 'Ada Admin', 'admin'],
    ]);
  });
});
