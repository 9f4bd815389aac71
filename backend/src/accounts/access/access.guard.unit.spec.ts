import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { User } from '@treble/contracts';
import { FixedClock } from '../../platform/clock/clock.js';
import { DomainError } from '../../shared/domain/domain-error.js';
import type { Authentication, SessionStore } from '../sessions/session-store.js';
import { Admin, Player, Public } from '../../platform/http/access.decorators.js';
import { AccessGuard } from './access.guard.js';

class Routes {
  @Public() open() {}
  @Player() mine() {}
  @Admin() manage() {}
  forgotten() {}
}

const user = (isAdmin: boolean): User => ({
  id: 'u1',
  email: 'ann@example.com',
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  isAdmin,
  createdAt: '2025-09-01T12:00:00.000Z',
});

/** Pool `k1`: u1 is its admin, u2 a player (what their session would say). */
const poolRoles: Record<string, Record<string, 'admin' | 'player'>> = {
  u1: { '': 'player', k1: 'admin' },
  u2: { '': 'player', k1: 'player' },
};

function guardWith(signedIn: User | null) {
  const resolve = async (token: string | null): Promise<Authentication | null> =>
    token !== null && signedIn !== null
      ? {
          sessionId: 's1',
          user: signedIn,
          memberOfDefaultPool: true,
          poolRoles: poolRoles[signedIn.id] ?? { '': 'player' },
          kept: false,
          session: { expiresAt: '2025-10-01T12:00:00.000Z', idleExpiresAt: '2025-09-15T12:00:00.000Z' },
        }
      : null;
  const sessions = {
    resolve,
    roleIn: async (token: string | null, _now: Date, poolKey: string) => {
      const auth = await resolve(token);
      return auth && { auth, role: auth.poolRoles[poolKey] ?? null };
    },
  } as unknown as SessionStore;
  return new AccessGuard(new Reflector(), sessions, new FixedClock(new Date('2025-09-01T12:00:00Z')));
}

function contextFor(
  handler: keyof Routes,
  cookie?: string,
  poolKey?: string,
): { context: ExecutionContext; request: Record<string, unknown> } {
  const request: Record<string, unknown> = { headers: cookie ? { cookie } : {}, poolKey };
  const context = {
    getType: () => 'http',
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  return { context, request };
}

async function outcome(
  guard: AccessGuard,
  handler: keyof Routes,
  cookie?: string,
  poolKey?: string,
): Promise<string> {
  try {
    return String(await guard.canActivate(contextFor(handler, cookie, poolKey).context));
  } catch (error) {
    return error instanceof DomainError ? error.code : 'unexpected';
  }
}

const cookie = `treble_session=${'t'.repeat(43)}`;

describe('AccessGuard', () => {
  it('closes a route that declares no access, even to an admin', async () => {
    expect(await outcome(guardWith(user(true)), 'forgotten', cookie)).toBe('INTERNAL_ERROR');
  });

  it('lets anyone through public routes', async () => {
    expect(await outcome(guardWith(null), 'open')).toBe('true');
  });

  it('answers UNAUTHENTICATED without a live session, FORBIDDEN_ADMIN_ONLY to players on admin routes', async () => {
    expect(await outcome(guardWith(null), 'mine')).toBe('UNAUTHENTICATED');
    expect(await outcome(guardWith(user(false)), 'mine')).toBe('UNAUTHENTICATED');
    expect(await outcome(guardWith(user(false)), 'mine', cookie)).toBe('true');
    expect(await outcome(guardWith(user(false)), 'manage', cookie)).toBe('FORBIDDEN_ADMIN_ONLY');
    expect(await outcome(guardWith(user(true)), 'manage', cookie)).toBe('true');
  });

  it("in another pool, admits its members only (404 for everyone else), with the pool's role", async () => {
    const admin = { ...user(false), id: 'u1' };
    const player = { ...user(true), id: 'u2' };
    const stranger = { ...user(true), id: 'u3' };
    for (const route of ['open', 'mine', 'manage'] as const) {
      expect(await outcome(guardWith(null), route, undefined, 'k1')).toBe('POOL_NOT_FOUND');
      expect(await outcome(guardWith(stranger), route, cookie, 'k1')).toBe('POOL_NOT_FOUND');
      expect(await outcome(guardWith(stranger), route, cookie, 'k2')).toBe('POOL_NOT_FOUND');
    }
    expect(await outcome(guardWith(player), 'mine', cookie, 'k1')).toBe('true');
    // An install-wide admin flag counts for nothing in a pool where the person is a player.
    expect(await outcome(guardWith(player), 'manage', cookie, 'k1')).toBe('FORBIDDEN_ADMIN_ONLY');
    const { context, request } = contextFor('manage', cookie, 'k1');
    expect(await guardWith(admin).canActivate(context)).toBe(true);
    expect(request.user).toEqual({ ...admin, isAdmin: true });
  });

  it('puts the signed-in user on the request', async () => {
    const { context, request } = contextFor('mine', cookie);
    await guardWith(user(false)).canActivate(context);
    expect(request.user).toEqual(user(false));
    expect(request.auth).toMatchObject({ sessionId: 's1' });
  });
});
