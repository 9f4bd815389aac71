import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LeaderboardEntry } from '@treble/contracts';
import {
  onTheWire,
  recordStatements,
  registerAdmin,
  registerPlayer,
  startTestApp,
  type SignedIn,
  type TestApp,
  type TestResponse,
} from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { EncodedBodies } from '../../src/platform/http/entity-tags.js';
import { LeaderboardCache } from '../../src/standings/queries/leaderboard-cache.js';

const board = '/api/leaderboards/overall';

/** A GET, conditional on `tag` when given. */
function get(client: SignedIn, path: string, tag?: string | null): Promise<TestResponse> {
  return client.request('GET', path, undefined, tag ? { 'if-none-match': tag } : {});
}

function tagOf(response: TestResponse): string {
  const tag = response.headers.get('etag');
  // Weak: the same JSON in any content-coding.
  expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
  return tag!;
}

/** A GET (or HEAD) by `client` as the bytes on the wire, accepting only `encoding`. */
function rawGet(
  app: TestApp,
  client: SignedIn,
  path: string,
  encoding: string,
  tag?: string | null,
  method = 'GET',
) {
  const headers = { cookie: client.cookieHeader() ?? '', 'accept-encoding': encoding };
  return onTheWire(`${app.baseUrl}${path}`, {
    method,
    headers: tag ? { ...headers, 'if-none-match': tag } : headers,
  });
}

const names = (response: TestResponse) =>
  (response.body as LeaderboardEntry[]).map((row) => [row.displayName, row.rank, row.totalPoints, row.email]);

/**
 * Leaderboard answers are cached by read state and carry entity tags: a viewer never gets another
 * viewer's answer (hidden own rows, own e-mail address), and 304 comes only when the body would be
 * the same, including when time alone (a lock passing) changes what players may see.
 */
const heldOrAsked = [
  { hidden: 'hidden rows held per table state', maxHeldHidden: 1000 },
  // More hidden rows than the cache holds (early in a big pool): each viewer's own is asked for.
  { hidden: "each viewer's hidden row asked for", maxHeldHidden: 0 },
];

describe.each(databaseTargets.flatMap((target) => heldOrAsked.map((variant) => ({ ...variant, target }))))(
  'leaderboard cache and entity tags on $target.name, $hidden',
  ({ target, maxHeldHidden }) => {
    let app: TestApp;
    let admin: SignedIn;
    let ann: SignedIn;
    let bob: SignedIn;
    let cat: SignedIn;
    let dan: SignedIn;

    beforeAll(async () => {
      // Before matchweek 1 kicks off: nobody's picks have locked.
      app = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z' });
      app.app.get(LeaderboardCache).maxHeldHidden = maxHeldHidden;
      admin = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
      ann = await registerPlayer(app, admin, { firstName: 'Ann', lastName: 'Able' });
      bob = await registerPlayer(app, admin, { firstName: 'Bob', lastName: 'Baker' });
      cat = await registerPlayer(app, admin, { firstName: 'Cat', lastName: 'Cole' });
      dan = await registerPlayer(app, admin, { firstName: 'Dan', lastName: 'Dale' });
      expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
      expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
      for (const code of ['ARS', 'LIV', 'MCI']) {
        expect(
          (await bob.request('POST', '/api/choices', { periodId: 1, optionId: `1-${code}` })).status,
        ).toBe(201);
      }
      expect((await ann.request('POST', '/api/choices', { periodId: 1, optionId: '1-CHE' })).status).toBe(
        201,
      );
    });
    afterAll(async () => {
      await app?.close();
    });

    it("before the lock: each player gets only their own row, never another's cached answer", async () => {
      const annFirst = await get(ann, board);
      expect(annFirst.status).toBe(200);
      expect(names(annFirst)).toEqual([['Ann Able', 1, 0, ann.user.email]]);
      // Asked right after Ann, at the same read state: Bob's own answer, not Ann's.
      const bobFirst = await get(bob, board);
      expect(names(bobFirst)).toEqual([['Bob Baker', 1, 0, bob.user.email]]);
      expect(tagOf(bobFirst)).not.toBe(tagOf(annFirst));
      // Ann's tag is no good for Bob; it is for Ann.
      const bobWithAnnsTag = await get(bob, board, tagOf(annFirst));
      expect(bobWithAnnsTag.status).toBe(200);
      expect(names(bobWithAnnsTag)).toEqual([['Bob Baker', 1, 0, bob.user.email]]);
      const annAgain = await get(ann, board, tagOf(annFirst));
      expect(annAgain.status).toBe(304);
      expect(annAgain.text).toBe('');
      // Cat has no picks: the list other players see, which Dan (no picks either) shares.
      const catsView = await get(cat, board);
      expect(catsView.body).toEqual([]);
      expect(tagOf(catsView)).not.toBe(tagOf(annFirst));
      expect((await get(dan, board, tagOf(catsView))).status).toBe(304);
      // The admin sees every entrant, with addresses, under a tag of their own.
      const adminView = await get(admin, board, tagOf(catsView));
      expect(adminView.status).toBe(200);
      expect(names(adminView)).toEqual(
        [
          ['Bob Baker', 1, 0, bob.user.email],
          ['Ann Able', 1, 0, ann.user.email],
        ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
      // Keyset paging cannot find a hidden row either: the same refusal as for a non-entrant.
      const afterBob = await get(ann, `${board}?limit=1&after=${bob.user.id}`);
      const afterCat = await get(ann, `${board}?limit=1&after=${cat.user.id}`);
      expect(afterBob.status).toBe(400);
      expect(afterBob.body).toEqual(afterCat.body);
      expect(afterBob.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('once the picks lock, time alone changes the answer: an older tag gets the new body', async () => {
      const catBefore = await get(cat, board);
      const annBefore = await get(ann, board);
      // Every matchweek 1 fixture has kicked off; no event was appended.
      app.clock!.set(new Date('2025-08-19T12:00:00Z'));
      const catAfter = await get(cat, board, tagOf(catBefore));
      expect(catAfter.status).toBe(200);
      expect(names(catAfter)).toEqual([
        ['Ann Able', 1, 0, null],
        ['Bob Baker', 1, 0, null],
      ]);
      const annAfter = await get(ann, board, tagOf(annBefore));
      expect(annAfter.status).toBe(200);
      // Ann sees her own address only; Bob his; Cat and Dan share one body and one tag.
      expect(names(annAfter)).toEqual([
        ['Ann Able', 1, 0, ann.user.email],
        ['Bob Baker', 1, 0, null],
      ]);
      const bobAfter = await get(bob, board, tagOf(annAfter));
      expect(bobAfter.status).toBe(200);
      expect(names(bobAfter)).toEqual([
        ['Ann Able', 1, 0, null],
        ['Bob Baker', 1, 0, bob.user.email],
      ]);
      const danAfter = await get(dan, board);
      expect(danAfter.body).toEqual(catAfter.body);
      expect(tagOf(danAfter)).toBe(tagOf(catAfter));
      expect((await get(dan, board, tagOf(catAfter))).status).toBe(304);
    });

    it('a result moves the read state: the old tag gets the new standings, the new tag a 304', async () => {
      const before = await get(cat, board);
      const summaryBefore = await get(cat, '/api/leaderboards/summary');
      expect(summaryBefore.body).toEqual({ totalPlayers: 2, survivors: 2, last10Players: 0 });
      expect((await get(dan, '/api/leaderboards/summary', tagOf(summaryBefore))).status).toBe(304);
      expect(
        (await admin.request('POST', '/api/results', { force: true, optionId: '1-ARS', outcome: 'win' }))
          .status,
      ).toBe(201);
      const after = await get(cat, board, tagOf(before));
      expect(after.status).toBe(200);
      expect(names(after)).toEqual([
        ['Bob Baker', 1, 3, null],
        ['Ann Able', 2, 0, null],
      ]);
      expect((await get(cat, board, tagOf(after))).status).toBe(304);
      // Keyset: the page after Bob's row is Ann's, with her rank.
      const next = await get(cat, `${board}?limit=1&after=${bob.user.id}`);
      expect(next.status).toBe(200);
      expect(names(next)).toEqual([['Ann Able', 2, 0, null]]);
      expect((await get(cat, `${board}?limit=1&after=${ann.user.id}`)).body).toEqual([]);
      // Pages by offset still work, and the two ways of paging do not mix.
      expect(names(await get(cat, `${board}?limit=1&offset=1`))).toEqual([['Ann Able', 2, 0, null]]);
      const both = await get(cat, `${board}?limit=1&offset=1&after=${bob.user.id}`);
      expect(both.status).toBe(400);
      expect(both.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      const malformed = await get(cat, `${board}?after=bob`);
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('at one table state the read state costs no statement: positions from memory, lock times and hidden rows read once', async () => {
      const { statements, restore } = recordStatements(app);
      try {
        // A result moves the tables; then every player reads the board, some twice.
        const recorded = await admin.request('POST', '/api/results', {
          force: true,
          optionId: '1-LIV',
          outcome: 'win',
        });
        expect(recorded.status).toBe(201);
        statements.length = 0;
        for (const client of [ann, bob, cat, dan, ann, bob, cat, dan]) {
          expect((await get(client, board)).status).toBe(200);
        }
        const readState = (marker: string) => statements.filter((text) => text.includes(marker));
        expect(readState('projection_checkpoints')).toEqual([]);
        expect(readState('lock_at IS NOT NULL')).toHaveLength(1);
        expect(readState('array_agg(h.user_id)')).toHaveLength(1);
        expect(names(await get(cat, board))).toEqual([
          ['Bob Baker', 1, 6, null],
          ['Ann Able', 2, 0, null],
        ]);
      } finally {
        restore();
      }
    });

    it('picks nobody sees yet leave the read state where it was; a rename moves it', async () => {
      const { statements, restore } = recordStatements(app);
      const lockTimesRead = () => statements.filter((text) => text.includes('lock_at IS NOT NULL'));
      try {
        const before = await get(cat, board);
        // Matchweek 2 is open: the entrants' picks change the standings' and the members' tables,
        // no board (a first pick would: a new entrant's row).
        for (const [client, code] of [
          [ann, 'ARS'],
          [bob, 'LIV'],
          [ann, 'MCI'],
        ] as const) {
          const picked = await client.request('POST', '/api/choices', { periodId: 2, optionId: `2-${code}` });
          expect(picked.status).toBe(201);
        }
        statements.length = 0;
        expect((await get(cat, board, tagOf(before))).status).toBe(304);
        expect(lockTimesRead()).toEqual([]);
        const renamed = await ann.request('PATCH', '/api/auth/user', { firstName: 'Anna' });
        expect(renamed.status).toBe(200);
        const after = await get(cat, board, tagOf(before));
        expect(after.status).toBe(200);
        expect(names(after)).toEqual([
          ['Bob Baker', 1, 6, null],
          ['Anna Able', 2, 0, null],
        ]);
        expect(lockTimesRead()).toHaveLength(1);
      } finally {
        restore();
      }
    });

    it('each answer is serialized and compressed once per tag and encoding, then sent as kept', async () => {
      const bodies = app.app.get(EncodedBodies);
      // The boards here are small: compress them as a big pool's would be.
      bodies.threshold = 0;
      try {
        const expected = (await get(cat, board)).body;
        const accepting = { br: 'br', gzip: 'gzip;q=1, br;q=0', identity: 'identity' };
        const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (bytes: Buffer) => bytes };
        const cats = [];
        for (const [encoding, accept] of Object.entries(accepting)) {
          const answer = await rawGet(app, cat, board, accept);
          expect(answer.status).toBe(200);
          expect(answer.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
          expect(answer.headers.get('vary')).toMatch(/Accept-Encoding/i);
          expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
          expect(Number(answer.headers.get('content-length'))).toBe(answer.bytes.length);
          const head = await rawGet(app, cat, board, accept, undefined, 'HEAD');
          expect(head.headers.get('content-encoding')).toBe(answer.headers.get('content-encoding'));
          expect(head.headers.get('content-length')).toBe(answer.headers.get('content-length'));
          expect(head.bytes.length).toBe(0);
          const body = decode[encoding as keyof typeof decode](answer.bytes).toString();
          expect(JSON.parse(body)).toEqual(expected);
          cats.push(answer);
        }
        // Dan sees what Cat sees (the same tag): the same bytes, nothing serialized or compressed again.
        const encoded = bodies.encoded;
        for (const [i, accept] of Object.values(accepting).entries()) {
          const dans = await rawGet(app, dan, board, accept);
          expect(dans.headers.get('etag')).toBe(cats[i]!.headers.get('etag'));
          expect(dans.bytes.equals(cats[i]!.bytes)).toBe(true);
        }
        expect(bodies.encoded).toBe(encoded);
        const brotli = cats[0]!;
        const held = await rawGet(app, dan, board, 'br', brotli.headers.get('etag'));
        expect(held.status).toBe(304);
        expect(held.bytes.length).toBe(0);
        expect(held.headers.get('vary')).toMatch(/Accept-Encoding/i);
        expect(held.headers.get('etag')).toBe(brotli.headers.get('etag'));
        // The strong form of the tag, as some clients send it, is held too (weak comparison).
        const strong = brotli.headers.get('etag')!.replace(/^W\//, '');
        expect((await rawGet(app, dan, board, 'gzip', strong)).status).toBe(304);
        // Ann's own row carries her address: her body is not Cat's.
        const anns = await rawGet(app, ann, board, 'br');
        expect(anns.headers.get('etag')).not.toBe(brotli.headers.get('etag'));
        const annsRows = JSON.parse(brotliDecompressSync(anns.bytes).toString()) as LeaderboardEntry[];
        expect(annsRows.find((row) => row.userId === ann.user.id)?.email).toBe(ann.user.email);
        expect(brotliDecompressSync(brotli.bytes).toString()).not.toContain(ann.user.email);
      } finally {
        bodies.threshold = 1024;
      }
    });
  },
);
