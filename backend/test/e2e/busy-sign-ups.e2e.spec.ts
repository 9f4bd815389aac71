import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuthResponse, Choice, CreatedInvitation, Invitation, User } from '@treble/contracts';
import {
  registerAdmin,
  registerPlayer,
  startTestApp,
  uniqueEmail,
  type SignedIn,
  type TestApp,
  type TestResponse,
} from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

const password = 'correct horse battery';
const teams = ['ARS', 'AVL', 'BOU', 'BRE', 'BHA', 'BUR', 'CHE', 'CRY', 'EVE', 'FUL', 'LEE', 'LIV'];

function codeOf(response: TestResponse): string | null {
  return (response.body as { code?: string } | null)?.code ?? null;
}

/**
 * Hundreds of friends sign up through one invitation link, 40 at a time, while the players already
 * in the pool pick: every sign-up appends to the invitation's stream, yet nobody may be told
 * "someone else changed this at the same moment" for it. A real conflict (the link's last use, a
 * 4th pick) is still refused, with its own rule's error.
 */
describe.each(databaseTargets)('sign-ups and picks at the same moment on $name', (target) => {
  // The embedded database runs every query through one connection: a smaller crowd makes the point.
  const signUps = target.name.includes('PGlite') ? 120 : 300;
  const atOnce = 40;
  let app: TestApp;
  let admin: SignedIn;
  let players: SignedIn[];

  beforeAll(async () => {
    app = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z' });
    admin = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    players = [];
    for (const code of teams) players.push(await registerPlayer(app, admin, { firstName: `Player ${code}` }));
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('lets every sign-up through one link and every pick through, and shows them all on the read side', async () => {
    const invitation = (await admin.request('POST', '/api/invites', {})).body as CreatedInvitation;
    const registered: { email: string; user: User }[] = [];
    const refused: string[] = [];
    const picks: { player: SignedIn; choice: Choice }[] = [];

    for (let batch = 0; batch * atOnce < signUps; batch++) {
      const period = batch + 2;
      const emails = Array.from({ length: Math.min(atOnce, signUps - batch * atOnce) }, () =>
        uniqueEmail('friend'),
      );
      const [answers, picked] = await Promise.all([
        Promise.all(
          emails.map((email) =>
            app.request('POST', '/api/auth/register', { email, password, inviteToken: invitation.token }),
          ),
        ),
        // Each player picks two teams at once in this batch's period (a different pair each time).
        Promise.all(
          players.flatMap((player, index) =>
            [teams[(index + batch) % teams.length]!, teams[(index + batch + 6) % teams.length]!].map(
              async (code) => ({
                player,
                response: await player.request('POST', '/api/choices', {
                  periodId: period,
                  optionId: `${period}-${code}`,
                }),
              }),
            ),
          ),
        ),
      ]);
      answers.forEach((answer, index) => {
        if (answer.status === 201)
          registered.push({ email: emails[index]!, user: (answer.body as AuthResponse).user });
        else refused.push(`${answer.status} ${answer.text}`);
      });
      for (const { player, response } of picked) {
        if (response.status === 201) picks.push({ player, choice: response.body as Choice });
        else refused.push(`pick ${response.status} ${response.text}`);
      }
    }

    expect(refused).toEqual([]);
    expect(registered).toHaveLength(signUps);
    expect(picks).toHaveLength(players.length * 2 * Math.ceil(signUps / atOnce));

    // The link counts every use.
    const links = (await admin.request('GET', '/api/invites')).body as Invitation[];
    expect(links.find((link) => link.token === invitation.token)?.uses).toBe(signUps);

    // Every new account signs in at once and is known to the read side.
    for (let start = 0; start < registered.length; start += atOnce) {
      await Promise.all(
        registered.slice(start, start + atOnce).map(async ({ email, user }) => {
          const browser = app.client();
          const login = await browser.request('POST', '/api/auth/login', { email, password });
          expect(`${login.status} ${login.text}`).toMatch(/^200 /);
          expect((await browser.request('GET', '/api/auth/user')).body).toEqual(user);
        }),
      );
    }
    const everyone = (await admin.request('GET', '/api/admin/users')).body as User[];
    const known = new Set(everyone.map((user) => user.id));
    expect(registered.filter(({ user }) => !known.has(user.id))).toEqual([]);

    // Every accepted pick is among its player's picks.
    for (const player of players) {
      const mine = new Set<string>();
      for (let batch = 0; batch * atOnce < signUps; batch++) {
        const choices = (await player.request('GET', `/api/choices/period/${batch + 2}`)).body as Choice[];
        for (const choice of choices) mine.add(choice.id);
      }
      const accepted = picks.filter((pick) => pick.player === player).map((pick) => pick.choice.id);
      expect(accepted.filter((id) => !mine.has(id))).toEqual([]);
    }
  }, 600_000);

  it('still refuses real conflicts with their own rule: the link used up, the 4th pick', async () => {
    const invitation = (await admin.request('POST', '/api/invites', { maxUses: 5 }))
      .body as CreatedInvitation;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        app.request('POST', '/api/auth/register', {
          email: uniqueEmail('late'),
          password,
          inviteToken: invitation.token,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status !== 201).map(codeOf)).toEqual(
      Array(7).fill('INVITATION_EXPIRED'),
    );

    const [picker] = players;
    const tries = await Promise.all(
      teams.map((code) => picker!.request('POST', '/api/choices', { periodId: 30, optionId: `30-${code}` })),
    );
    expect(tries.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(tries.filter((answer) => answer.status !== 201).map(codeOf)).toEqual(
      Array(teams.length - 3).fill('PICKS_PER_PERIOD_EXCEEDED'),
    );
  }, 120_000);
});
