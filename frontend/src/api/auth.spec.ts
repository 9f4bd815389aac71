import { afterEach, describe, expect, test } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_POOL_ADDRESS, type User } from '@treble/contracts';
import { createFakeFetch, jsonResponse } from '../test-support/fake-fetch';
import { authUserQueryOptions } from './auth';
import { setCurrentPool } from './current-pool';

const pia: User = {
  id: 'u2',
  email: 'pia@example.com',
  firstName: 'Pia',
  lastName: null,
  profileImageUrl: null,
  isAdmin: false,
  createdAt: '2026-11-01T12:00:00.000Z',
};

describe('the signed-in user on a page of a pool', () => {
  afterEach(() => setCurrentPool(DEFAULT_POOL_ADDRESS));

  const userOn = async (routes: Parameters<typeof createFakeFetch>[0]) => {
    const fake = createFakeFetch({ 'GET /api/auth/user': () => jsonResponse(200, pia), ...routes });
    const user = await new QueryClient().fetchQuery(authUserQueryOptions(fake.fetch));
    return { user, urls: fake.calls.map((call) => call.url) };
  };

  test('in the default pool is the account as it is, asked once', async () => {
    expect(await userOn({})).toEqual({ user: pia, urls: ['/api/auth/user'] });
  });

  test("in another pool has that pool's role: its admin there, no admin where they are not a member", async () => {
    setCurrentPool('family');
    const summary = { address: 'family', name: 'Family pool', role: 'admin', isDefault: false };
    expect(await userOn({ 'GET /api/pools/family': () => jsonResponse(200, summary) })).toEqual({
      user: { ...pia, isAdmin: true },
      urls: ['/api/auth/user', '/api/pools/family'],
    });
    const notFound = { statusCode: 404, code: 'POOL_NOT_FOUND', message: 'There is no such pool.' };
    const { user } = await userOn({ 'GET /api/pools/family': () => jsonResponse(404, notFound) });
    expect(user).toEqual({ ...pia, isAdmin: false });
  });
});
