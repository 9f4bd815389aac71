import { Query } from '@nestjs/cqrs';
import type { SeasonScope } from '../domain/season-scope.js';

/**
 * Season answers: the season the pool plays now and the scope of its streams (null before the
 * pool has a season). A context that keeps per-season streams names them with this scope.
 */
export class CurrentSeasonQuery extends Query<SeasonScope | null> {}
