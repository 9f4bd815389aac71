import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Period, Prize } from '@treble/contracts';
import { registerAdmin, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

describe.each(databaseTargets)('season administration over HTTP on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    app = await startTestApp(target, { POOL_NOW: '2025-08-01T12:00:00Z' });
    // Every call here is an admin's: the first account of the pool is its admin.
    admin = await registerAdmin(app);
    expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('creates the 760 team options once', async () => {
    const first = await admin.request('POST', '/api/admin/setup/options', {});
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ added: 760 });
    const again = await admin.request('POST', '/api/admin/setup/options', {});
    expect(again.body).toMatchObject({ added: 0, message: 'Every period already has its team options.' });
    const one = await admin.request('POST', '/api/periods/3/epl-options', {});
    expect(one.body).toEqual({ message: 'Added EPL team options to period 3.', added: 0 });
  });

  it('lists the 20 clubs with their city, the three promoted sides marked', async () => {
    const response = await admin.request('GET', '/api/epl-teams');
    const teams = response.body as { code: string; city: string; promoted: boolean }[];
    expect(teams).toHaveLength(20);
    expect(
      teams
        .filter((t) => t.promoted)
        .map((t) => t.code)
        .sort(),
    ).toEqual(['BUR', 'LEE', 'SUN']);
    expect(teams.find((t) => t.code === 'AVL')?.city).toBe('Birmingham');
  });

  it('creates a period with the next number, activates, completes and reopens it', async () => {
    const created = await admin.request('POST', '/api/periods', {
      name: 'Cup weekend',
      description: 'A bonus round',
      startDate: '2026-06-01T12:00:00.000Z',
      endDate: '2026-06-02T20:00:00.000Z',
      segment: 'main',
    });
    expect(created.status).toBe(201);
    const period = created.body as Period;
    expect(period).toMatchObject({ id: 39, name: 'Cup weekend', isActive: false, segment: 'main' });

    expect((await admin.request('POST', '/api/periods/39/complete', { force: true })).body).toMatchObject({
      code: 'PERIOD_NOT_ACTIVE',
    });
    const activated = await admin.request('PATCH', '/api/periods/39', { isActive: true });
    expect(activated.body).toMatchObject({ id: 39, isActive: true });

    const completed = await admin.request('POST', '/api/periods/39/complete', { force: true });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ isCompleted: true, isManuallyCompleted: true });
    expect((completed.body as Period).completedAt).toBe('2025-08-01T12:00:00.000Z');
    const twice = await admin.request('POST', '/api/periods/39/complete', { force: true });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'PERIOD_ALREADY_COMPLETED' });

    const reopened = await admin.request('POST', '/api/periods/39/reopen', {});
    expect(reopened.body).toMatchObject({
      isCompleted: false,
      isManuallyCompleted: false,
      completedAt: null,
    });
    expect((await admin.request('POST', '/api/periods/39/reopen', {})).body).toMatchObject({
      code: 'PERIOD_NOT_REOPENABLE',
    });
  });

  it('refuses bad period requests with a field-naming 400 or a 404, changing nothing', async () => {
    const missing = await admin.request('POST', '/api/periods', { description: 'no name' });
    expect(missing.status).toBe(400);
    expect((missing.body as { message: string }).message).toContain('name: Name is required');
    expect((await admin.request('PATCH', '/api/periods/2', { isActive: 'yes' })).status).toBe(400);
    expect((await admin.request('POST', '/api/periods/77/complete', { force: true })).body).toMatchObject({
      statusCode: 404,
      code: 'PERIOD_NOT_FOUND',
    });
    expect((await admin.request('POST', '/api/periods/abc/complete', { force: true })).status).toBe(400);
    const periods = (await admin.request('GET', '/api/periods')).body as Period[];
    expect(periods).toHaveLength(39);
  });

  it('records, refuses and deletes results', async () => {
    const empty = await admin.request('POST', '/api/results', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      statusCode: 400,
      code: 'RESULT_OPTION_OUTCOME_REQUIRED',
      message: 'Please select an option and outcome',
    });
    const mismatch = await admin.request('POST', '/api/results', {
      force: true,
      optionId: '1-ARS',
      outcome: 'win',
      points: 1,
    });
    expect(mismatch.body).toMatchObject({ statusCode: 400, code: 'RESULT_POINTS_MISMATCH' });
    expect(
      (await admin.request('POST', '/api/results', { force: true, optionId: '1-XYZ', outcome: 'win' }))
        .status,
    ).toBe(404);

    const saved = await admin.request('POST', '/api/results', {
      force: true,
      optionId: '1-ARS',
      outcome: 'win',
      points: 3,
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      message: 'Result saved successfully! Scores have been recalculated.',
      status: 'recorded',
      optionId: '1-ARS',
      periodId: 1,
      outcome: 'win',
      points: 3,
      source: 'admin',
    });
    const deleted = await admin.request('DELETE', '/api/results/1-ARS');
    expect(deleted.body).toEqual({ message: 'Result deleted successfully!' });
    expect((await admin.request('DELETE', '/api/results/1-ARS')).body).toMatchObject({
      statusCode: 404,
      code: 'RESULT_NOT_FOUND',
    });
  });

  it('seeds the default prizes and manages prizes with the spec validation', async () => {
    const seeded = (await admin.request('GET', '/api/prizes')).body as Prize[];
    expect(seeded.map((p) => [p.competition, p.position, p.amount])).toEqual([
      ['overall', '1st', '1000.00'],
      ['overall', '2nd', '100.00'],
      ['overall', '3rd', '50.00'],
      ['survivor', 'Winner', '1000.00'],
      ['last10', 'Winner', '500.00'],
    ]);
    expect(seeded.reduce((sum, p) => sum + Number(p.amount), 0)).toBe(2650);

    const noPosition = await admin.request('POST', '/api/prizes', { competition: 'overall', amount: '20' });
    expect(noPosition.body).toEqual({
      statusCode: 400,
      code: 'PRIZE_INVALID',
      message: 'Position is required',
    });
    const noAmount = await admin.request('POST', '/api/prizes', { competition: 'overall', position: '4th' });
    expect((noAmount.body as { message: string }).message).toBe('Amount is required');

    const created = await admin.request('POST', '/api/prizes', {
      competition: 'last10',
      position: '2nd',
      amount: 75,
    });
    expect(created.status).toBe(201);
    const prize = created.body as Prize;
    expect(prize).toMatchObject({
      competition: 'last10',
      position: '2nd',
      amount: '75.00',
      currency: 'USD',
      isActive: true,
    });
    const updated = await admin.request('PATCH', `/api/prizes/${prize.id}`, {
      currency: 'GBP',
      isActive: false,
    });
    expect(updated.body).toMatchObject({ currency: 'GBP', isActive: false });
    expect(((await admin.request('GET', '/api/prizes')).body as Prize[]).some((p) => p.id === prize.id)).toBe(
      false,
    );
    expect(
      ((await admin.request('GET', '/api/prizes?includeInactive=true')).body as Prize[]).some(
        (p) => p.id === prize.id,
      ),
    ).toBe(true);
    expect((await admin.request('DELETE', `/api/prizes/${prize.id}`)).body).toEqual({
      message: 'Prize deleted successfully',
    });
    expect((await admin.request('DELETE', `/api/prizes/${prize.id}`)).status).toBe(404);
  });
});
