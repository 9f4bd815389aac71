import type { Access } from '../../platform/http/access.decorators.js';

/**
 * Every API route and who may call it, as `METHOD /path` (Express path syntax). A test walks the
 * routes the app really registers and fails when one is missing here, when a line here has no
 * route, or when a route's decorator says otherwise; it then calls each admin route signed out
 * (401) and as a player (403). Adding a route means deciding its line here.
 */
export const routeAccess: Record<string, Access> = {
  // Platform
  'GET /api/health': 'public',

  // Pools: mine (every route below is also served under /api/pools/:pool, docs/adr/015)
  'GET /api/pools': 'player',
  'GET /api/pools/:pool': 'player',
  'POST /api/pools': 'player',
  'GET /api/invitations/:token': 'player',
  'POST /api/invitations/:token/join': 'player',
  // The install's pools: its owner's (checked by the service: 403 INSTALL_OWNER_ONLY for anyone else)
  'GET /api/install/pools': 'player',
  'POST /api/install/pools/:address/archive': 'player',
  'POST /api/install/pools/:address/restore': 'player',
  'DELETE /api/install/pools/:address': 'player',

  // Accounts: signing up, in and out
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/registration': 'public',
  'GET /api/auth/temp-user': 'public',
  'GET /api/login': 'public',
  'GET /api/temp-logout': 'public',
  'GET /api/auth/user': 'player',
  'PATCH /api/auth/user': 'player',
  'POST /api/auth/password': 'player',
  'POST /api/auth/password-reset/request': 'public',
  'POST /api/auth/password-reset': 'public',

  // Accounts: admins manage users and invitations
  'GET /api/admin/users': 'admin',
  'PATCH /api/admin/users/:userId/admin': 'admin',
  'PATCH /api/admin/users/:userId/active': 'admin',
  'PATCH /api/admin/users/:userId/fee': 'admin',
  'DELETE /api/admin/users/:userId': 'admin',
  'POST /api/admin/users/:userId/password-reset': 'admin',
  'POST /api/invites': 'admin',
  'POST /api/invites/referral': 'player',
  'GET /api/invites': 'admin',
  'DELETE /api/invites/:token': 'admin',
  'POST /api/send-invite': 'admin',

  // Accounts: the pool's growth figures (Invite page)
  'GET /api/community/stats': 'player',

  // Season: players read periods and options; admins run the season
  'GET /api/rules': 'public',
  'GET /api/periods': 'player',
  'GET /api/periods/current': 'player',
  'GET /api/periods/timeline': 'player',
  'GET /api/periods/:id/options': 'player',
  'GET /api/options/period/:id': 'player',
  'GET /api/epl-schedule': 'admin',
  'GET /api/epl-teams': 'admin',
  'GET /api/admin/competition/summary': 'admin',
  'POST /api/admin/setup/periods': 'admin',
  'GET /api/admin/seasons': 'admin',
  'POST /api/admin/seasons/next': 'admin',
  'GET /api/seasons': 'player',
  'POST /api/admin/setup/season': 'admin',
  'POST /api/admin/setup/season-file': 'admin',
  'POST /api/create-epl-periods': 'admin',
  'POST /api/admin/setup/options': 'admin',
  'POST /api/periods': 'admin',
  'PATCH /api/periods/:id': 'admin',
  'POST /api/periods/:id/complete': 'admin',
  'POST /api/periods/:id/reopen': 'admin',
  'POST /api/periods/:id/epl-options': 'admin',
  'PUT /api/periods/:id/replace-with-epl': 'admin',
  'POST /api/options': 'admin',
  'POST /api/results': 'admin',
  'DELETE /api/results/:optionId': 'admin',

  // Picks: players pick for themselves; admins clear periods and pick retroactively
  'POST /api/choices': 'player',
  'DELETE /api/choices/:choiceId': 'player',
  'DELETE /api/choices/period/:id': 'admin',
  'POST /api/retroactive-choices': 'admin',

  // Prizes: the prize list is public (the /prizes page); admins manage it
  'GET /api/prizes': 'public',
  'POST /api/prizes': 'admin',
  'PATCH /api/prizes/:id': 'admin',
  'DELETE /api/prizes/:id': 'admin',
  'GET /api/prizes/payouts': 'public',
  'GET /api/prizes/hall-of-fame': 'player',

  // Standings and a player's own figures
  'GET /api/leaderboards/overall': 'player',
  'GET /api/leaderboards/survivor': 'player',
  'GET /api/leaderboards/last10': 'player',
  'GET /api/leaderboards/summary': 'player',
  'GET /api/leaderboards/live/:kind': 'player',
  'GET /api/user/stats': 'player',
  'GET /api/user/export': 'player',
  // A person's own data (docs/adr/017): theirs to download and to erase; an admin erases on request
  'GET /api/auth/user/data': 'player',
  'POST /api/auth/user/erasure': 'player',
  'POST /api/admin/users/:userId/erasure': 'admin',
  'GET /api/performance/detailed': 'player',
  'GET /api/performance/trends': 'player',
  'GET /api/performance/compare': 'player',
  'GET /api/choices/period/:periodId': 'player',
  'GET /api/periods/:id/picks': 'player',
  'GET /api/periods/:id/pick-grid': 'player',
  'GET /api/results': 'player',
  'GET /api/results/period/:periodId': 'player',

  // Admin pick reads (Historical tab)
  'GET /api/admin/choices/period/:periodId': 'admin',
  'GET /api/admin/users/:userId/usage': 'admin',

  // The event history
  'GET /api/admin/audit': 'admin',
  'GET /api/admin/standings-as-of': 'admin',
  'GET /api/admin/what-if/result': 'admin',
  'GET /api/admin/what-if/reopen/:periodId': 'admin',
  'GET /api/admin/what-if/complete/:periodId': 'admin',

  // Live results: admins watch the provider and run the results scheduler
  'GET /api/epl-results/status': 'admin',
  'GET /api/epl-results/scheduler/status': 'admin',
  'POST /api/epl-results/scheduler/start': 'admin',
  'POST /api/epl-results/scheduler/stop': 'admin',
  'POST /api/epl-results/update/:matchday': 'admin',
  'POST /api/epl-results/update-all': 'admin',

  // Notifications: players choose kinds and channels; e-mails carry an unsubscribe link; admins
  // see what goes out (Email Alerts tab) and send one-off messages
  'GET /api/notifications/settings': 'player',
  'PUT /api/notifications/settings': 'player',
  'PUT /api/notifications/time-zone': 'player',
  'GET /api/notifications/push/key': 'player',
  'POST /api/notifications/push/subscriptions': 'player',
  'DELETE /api/notifications/push/subscriptions': 'player',
  'GET /api/notifications/unsubscribe': 'public',
  'GET /api/admin/notifications': 'admin',
  'GET /api/admin/notifications/preview': 'admin',
  'POST /api/admin/notifications/broadcast': 'admin',
  'GET /api/admin/notifications/templates': 'admin',
  'PUT /api/admin/notifications/templates/:kind': 'admin',
  'DELETE /api/admin/notifications/templates/:kind': 'admin',
};

/**
 * Served by Swagger straight through Express (platform/http/api-docs.ts), outside Nest's guards:
 * the API description is public on purpose (it holds no data). The route walk leaves these paths out.
 */
export const unguardedPathPrefixes = ['/api/docs'];
