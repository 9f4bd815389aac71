import { InvitationRow } from './accounts/queries/invitations/invitation.entity.js';
import { invitationsProjection } from './accounts/queries/invitations/invitations.projection.js';
import { UserRow } from './accounts/queries/users/user.entity.js';
import { usersProjection } from './accounts/queries/users/users.projection.js';
import { PeriodRow } from './season/queries/periods/period.entity.js';
import { periodsProjection } from './season/queries/periods/periods.projection.js';
import { optionsProjection } from './season/queries/options/options.projection.js';
import { prizesProjection } from './prizes/queries/prizes.projection.js';
import { auditProjection } from './audit/audit.projection.js';
import type { PoolRules } from '@treble/contracts';
import type { Projection } from './projections/projection.js';
import { standingsProjection } from './standings/projection/standings.projection.js';

/** The projections that do not depend on configuration, and the TypeORM entities that read their tables. */
const fixedProjections: Projection[] = [
  periodsProjection,
  optionsProjection,
  prizesProjection,
  usersProjection,
  invitationsProjection,
  auditProjection,
];

/**
 * Every projection for the app's rules: the fixed ones plus those built from configuration (the
 * standings follow the configured points and survivor rule). Start the engine with
 * `projectionsFor(config.rules)`.
 */
export function projectionsFor(rules: PoolRules): Projection[] {
  return [...fixedProjections, standingsProjection(rules)];
}

export const readEntities = [PeriodRow, UserRow, InvitationRow];
