/** The accounts context's public face: all that other contexts and the composition root may import of it. */
export { authenticationOf } from './access/authentication.js';
export { AccountsModule } from './accounts.module.js';
export { invitationUrl, pageLinkBase } from './invitation-links.js';
export { InvitationQueries } from './queries/invitations/invitation.queries.js';
export { invitationsProjection } from './queries/invitations/invitations.projection.js';
export { UserDirectory } from './queries/users/user-directory.js';
export { usersProjection } from './queries/users/users.projection.js';
export { readSessionToken } from './sessions/session-cookie.js';
export { SessionLookup } from './sessions/session-store.js';

import { InvitationRow } from './queries/invitations/invitation.entity.js';
import { UserRow } from './queries/users/user.entity.js';
/** The TypeORM entities over the accounts' read tables, for the composition root to register. */
export const accountsReadEntities = [UserRow, InvitationRow];
