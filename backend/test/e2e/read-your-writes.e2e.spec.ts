import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ProjectionEngine, ReadModelsBehindError } from '../../src/projections/projection-engine.js';
import { registerAdmin, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

/**
 * Read-your-writes carried by the client (docs/adr/013): a pick sent with `X-Read-Your-Writes:
 * client` is answered once it is stored, with its log position, while the projections are stopped;
 * a read naming that position waits until the standings have it; a client that names nothing keeps
 * the server's wait (ADR 011).
 */
describe.each(databaseTargets)('read-your-writes on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let engine: ProjectionEngine;
  /** Every wait the server starts, in order: [position, projections]. */
  const waits: [bigint, readonly string[] | undefined][] = [];
  let onWait: () => void = () => undefined;

  beforeAll(async () => {
    app = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z' });
    admin = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
    engine = app.app.get(ProjectionEngine);
    const waitFor = engine.waitFor.bind(engine);
    engine.waitFor = (position, timeoutMs, only) => {
      waits.push([position, only]);
      onWait();
      return waitFor(position, timeoutMs, only);
    };
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  const myPicks = async (headers: Record<string, string> = {}) => {
    const response = await admin.request('GET', '/api/choices/period/1', undefined, headers);
    expect(response.status).toBe(200);
    return (response.body as { optionId: string }[]).map((choice) => choice.optionId);
  };

  it('answers a pick without waiting for projections, and the read that names its position waits for it', async () => {
    await engine.stop();
    waits.length = 0;
    const picked = await admin.request(
      'POST',
      '/api/choices',
      { periodId: 1, optionId: '1-ARS' },
      { 'X-Read-Your-Writes': 'client' },
    );
    expect(picked.status).toBe(201);
    const position = picked.headers.get('X-Log-Position');
    expect(position).toMatch(/^\d+$/);
    // The command did not wait for any projection (they are stopped; it would have hung).
    expect(waits).toEqual([]);
    // A read that names nothing answers from the tables as they are: the pick is not there yet.
    expect(await myPicks()).toEqual([]);

    // A read that names the position waits; once it is waiting, the projections start again.
    const waiting = new Promise<void>((resolve) => (onWait = resolve));
    const read = myPicks({ 'X-After-Position': position! });
    await waiting;
    onWait = () => undefined;
    expect(waits).toEqual([[BigInt(position!), ['standings', 'users', 'periods', 'options']]]);
    await engine.start();
    expect(await read).toEqual(['1-ARS']);
  });

  it('keeps the server wait for a client that names no position, and ignores a malformed one', async () => {
    waits.length = 0;
    const picked = await admin.request('POST', '/api/choices', { periodId: 1, optionId: '1-LIV' });
    expect(picked.status).toBe(201);
    const position = BigInt(picked.headers.get('X-Log-Position')!);
    expect(waits).toEqual([[position, ['standings']]]);
    expect((await myPicks({ 'X-After-Position': 'not-a-position' })).sort()).toEqual(['1-ARS', '1-LIV']);
    expect(waits).toHaveLength(1);
  });

  it('keeps the server wait where the answer is read from a projection, whatever the client says', async () => {
    waits.length = 0;
    const renamed = await admin.request(
      'PATCH',
      '/api/auth/user',
      { firstName: 'Adeline' },
      { 'X-Read-Your-Writes': 'client' },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ firstName: 'Adeline' });
    // The query waits before it reads the user row (and the answer's own wait finds it reached).
    const position = renamed.headers.get('X-Log-Position');
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.map(([at, only]) => [at.toString(), only])).toEqual(waits.map(() => [position, ['users']]));
  });

  it('says in X-Read-Position what an answer holds, and says nothing when it answered without reaching it', async () => {
    const picked = await admin.request('POST', '/api/choices', { periodId: 1, optionId: '1-CHE' });
    expect(picked.status).toBe(201);
    const position = picked.headers.get('X-Log-Position')!;
    const read = (headers: Record<string, string>) =>
      admin.request('GET', '/api/choices/period/1', undefined, headers);

    expect((await read({ 'X-After-Position': position })).headers.get('X-Read-Position')).toBe(position);
    expect((await read({})).headers.get('X-Read-Position')).toBeNull();

    // The wait gives up (the projections are behind): the answer is what the tables hold, unmarked.
    const waitFor = engine.waitFor;
    engine.waitFor = () => Promise.reject(new ReadModelsBehindError('behind on purpose'));
    try {
      const behind = await read({ 'X-After-Position': position });
      expect(behind.status).toBe(200);
      expect(behind.headers.get('X-Read-Position')).toBeNull();
    } finally {
      engine.waitFor = waitFor;
    }
  });
});
