import { PeriodRow } from './season/queries/periods/period.entity.js';
import { periodsProjection } from './season/queries/periods/periods.projection.js';
import { optionsProjection } from './season/queries/options/options.projection.js';
import type { Projection } from './projections/projection.js';

/** Every projection the app runs, and the TypeORM entities that read their tables. */
export const projections: Projection[] = [periodsProjection, optionsProjection];

export const readEntities = [PeriodRow];
