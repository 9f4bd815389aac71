import { SetMetadata } from '@nestjs/common';

/**
 * Who may call a route. Every route says it with one of the decorators below; the global
 * AccessGuard enforces it, refuses a route that says nothing, and the route-access test checks
 * each route against the table in route-access.ts.
 */
export type Access = 'public' | 'player' | 'admin';

export const ACCESS_KEY = 'treble:access';

/** Anyone, signed in or not. */
export const Public = () => SetMetadata(ACCESS_KEY, 'public' satisfies Access);

/** Any signed-in user (players and admins). */
export const Player = () => SetMetadata(ACCESS_KEY, 'player' satisfies Access);

/** Pool admins only: 401 when signed out, 403 for players. */
export const Admin = () => SetMetadata(ACCESS_KEY, 'admin' satisfies Access);
