import type { Choice } from './game.js';

/**
 * Picks as the `choices` read table holds them, and the admin reads behind the Historical tab
 * (retroactive selections): everyone's picks of a period and one player's team usage over the season.
 */

/**
 * One pick with its team and status: a player's own (`GET /api/choices/period/{periodId}`), everyone's
 * locked ones (`GET /api/periods/{id}/picks`) and, for the admin, all of a period's
 * (`GET /api/admin/choices/period/{periodId}`).
 */
export interface ChoiceView extends Choice {
  teamKey: string;
  teamName: string;
  /** A voided pick (postponed fixture) scores 0 and does not count toward usage. */
  status: 'active' | 'voided';
  /** Made by an admin for the player after the period ended. */
  retroactive: boolean;
  madeAt: string;
}

/** How often a player has used a team this season (`GET /api/admin/users/{userId}/usage`). */
export interface TeamUsage {
  teamKey: string;
  teamName: string;
  /** Active picks of the team over the season (withdrawn and voided ones are refunded). */
  uses: number;
}

/** `POST /api/retroactive-choices` (admin): a player's picks of an ended period, made for them. */
export interface RetroactiveChoicesRequest {
  userId: string;
  periodId: number;
  optionIds: string[];
}
