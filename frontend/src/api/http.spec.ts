import { describe, expect, test } from '@jest/globals';
import { createFakeFetch, jsonResponse } from '../test-support/fake-fetch';
import { ApiError, lastKnownPosition, requestJson, resetKnownPosition } from './http';

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('requestJson', () => {
  test('sends cookies and JSON, and returns the parsed answer', async () => {
    const fake = createFakeFetch({ 'POST /api/things': () => jsonResponse(201, { id: 7 }) });

    const answer = await requestJson<{ id: number }>('/api/things', {
      method: 'POST',
      body: { name: 'x' },
      fetch: fake.fetch,
    });

    expect(answer).toEqual({ id: 7 });
    expect(fake.calls).toEqual([
      { method: 'POST', url: '/api/things', credentials: 'include', body: '{"name":"x"}' },
    ]);
  });

  test('a GET may let the browser revalidate its copy (entity tags); anything else bypasses the cache', async () => {
    const modes: (RequestCache | undefined)[] = [];
    const fetch = (_input: string, init: RequestInit) => {
      modes.push(init.cache);
      return Promise.resolve({ ok: true, status: 200, statusText: 'OK', text: () => Promise.resolve('[]') });
    };
    await requestJson('/api/leaderboards/overall', { fetch, revalidate: true });
    await requestJson('/api/user/stats', { fetch });
    await requestJson('/api/things', { method: 'POST', body: {}, fetch, revalidate: true });
    expect(modes).toEqual(['no-cache', 'no-store', 'no-store']);
  });

  test("reads name the position of this browser's own last write; commands say the client waits (ADR 013)", async () => {
    resetKnownPosition();
    const sent: { method: string; headers: Record<string, string> }[] = [];
    const answers = ['41', null, '7'];
    const fetch = (_input: string, init: RequestInit) => {
      sent.push({ method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) } });
      const position = answers.shift() ?? null;
      return Promise.resolve({
        ok: true,
        status: 200,
        statusText: 'OK',
        headers: { get: (name: string) => (name === 'X-Log-Position' ? position : null) },
        text: () => Promise.resolve('{}'),
      });
    };

    await requestJson('/api/choices', { method: 'POST', body: {}, fetch });
    await requestJson('/api/leaderboards/overall', { fetch });
    // An older position (another command answered late) never moves the mark back.
    await requestJson('/api/choices/x', { method: 'DELETE', fetch });
    await requestJson('/api/user/stats', { fetch });

    expect(
      sent.map((call) => [call.method, call.headers['X-Read-Your-Writes'], call.headers['X-After-Position']]),
    ).toEqual([
      ['POST', 'client', undefined],
      ['GET', undefined, '41'],
      ['DELETE', 'client', undefined],
      ['GET', undefined, '41'],
    ]);
    expect(lastKnownPosition()).toBe(41n);
    resetKnownPosition();
  });

  test('an API error body becomes an ApiError with "{status}: {server message}" and its code', async () => {
    const fake = createFakeFetch({
      'GET /api/periods/99': () =>
        jsonResponse(
          404,
          { statusCode: 404, code: 'PERIOD_NOT_FOUND', message: 'Period 99 does not exist' },
          'Not Found',
        ),
    });

    const error = await caught(requestJson('/api/periods/99', { fetch: fake.fetch }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'PERIOD_NOT_FOUND',
      detail: 'Period 99 does not exist',
      message: '404: Period 99 does not exist',
    });
  });

  test('without an API error body the message uses the response text, else the status text', async () => {
    const plainText = createFakeFetch({
      'GET /api/a': () => ({
        ok: false,
        status: 502,
        statusText: 'Bad Gateway',
        text: async () => 'upstream down',
      }),
    });
    const empty = createFakeFetch({
      'GET /api/b': () => ({
        ok: false,
        status: 503,
        statusText: 'Service Unavailable',
        text: async () => '',
      }),
    });

    expect(await caught(requestJson('/api/a', { fetch: plainText.fetch }))).toMatchObject({
      message: '502: upstream down',
      code: null,
    });
    expect(await caught(requestJson('/api/b', { fetch: empty.fetch }))).toMatchObject({
      message: '503: Service Unavailable',
      code: null,
    });
  });

  test('an empty 200 answer is the JSON null the server meant (Nest sends null as no body)', async () => {
    const fake = createFakeFetch({
      'GET /api/periods/current': () => ({ ok: true, status: 200, statusText: 'OK', text: async () => '' }),
    });
    await expect(requestJson('/api/periods/current', { fetch: fake.fetch })).resolves.toBeNull();
  });

  test('an empty success answer resolves to undefined', async () => {
    const fake = createFakeFetch({ 'DELETE /api/x': () => jsonResponse(204, undefined) });

    await expect(requestJson('/api/x', { method: 'DELETE', fetch: fake.fetch })).resolves.toBeUndefined();
  });
});
