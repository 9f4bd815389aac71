import { accountsReadEntities, invitationsProjection, usersProjection } from './accounts/index.js';
import { periodsProjection, optionsProjection, seasonReadEntities } from './season/index.js';
import { prizesProjection } from './prizes/index.js';
import { auditProjection } from './audit/index.js';
import type { PoolRules } from '@treble/contracts';
import type { Projection } from './projections/projection.js';
import { standingsProjection } from './standings/index.js';

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

export const readEntities = [...seasonReadEntities, ...accountsReadEntities];
