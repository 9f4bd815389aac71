import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { HealthReport, Period } from '@treble/contracts';
import { serverProcess, type ServerProcess } from '../support/server-process.js';

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

describe('the built app with no configuration (embedded database under DATA_DIR)', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await serverProcess({}, { emptyDataDir: true });
    await server.start();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('answers health with status ok', async () => {
    const health = await json<HealthReport>(await fetch(`${server.baseUrl}/api/health`));
    expect(health).toMatchObject({ status: 'ok', database: { kind: 'embedded', status: 'ok' } });
  });

  it('keeps what it stored across a SIGKILL and a graceful restart', async () => {
    // The first account of the pool is its admin; the import is an admin action.
    const registered = await fetch(`${server.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'host@example.com', password: 'correct horse battery' }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
    const imported = await fetch(`${server.baseUrl}/api/admin/setup/periods`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '{}',
    });
    expect(imported.status).toBe(200);

    await server.kill('SIGKILL');
    await server.start();
    // Sessions live in the database: the admin is still signed in after the crash.
    const afterKill = await json<Period[]>(
      await fetch(`${server.baseUrl}/api/periods`, { headers: { cookie } }),
    );
    expect(afterKill).toHaveLength(38);
    const health = await json<HealthReport>(await fetch(`${server.baseUrl}/api/health`));
    expect(health.eventStore.headPosition).not.toBe('0');
    expect(health.projections.every((p) => p.lag === 0)).toBe(true);

    // A graceful stop (Nest re-raises SIGTERM after its shutdown hooks) closes the embedded
    // database and releases its lock, which only the clean shutdown path does.
    const lock = path.join(server.dataDir, 'pg', 'treble.lock');
    expect(fs.existsSync(lock)).toBe(true);
    expect(await server.kill('SIGTERM')).toBe('SIGTERM');
    expect(fs.existsSync(lock)).toBe(false);
    await server.start();
    expect(
      await json<Period[]>(await fetch(`${server.baseUrl}/api/periods`, { headers: { cookie } })),
    ).toHaveLength(38);
  });

  it('refuses to start on a bad setting, naming the variable', async () => {
    const bad = await serverProcess({ PORT: 'eighty' });
    try {
      await expect(bad.start()).rejects.toThrow(/PORT must be a whole number, got "eighty"/);
    } finally {
      await bad.dispose();
    }
  });
});
