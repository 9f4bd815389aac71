import type { Choice } from './game.js';

/**
 * Admin reads behind the Historical tab (retroactive selections): everyone's picks of a period and
 * one player's team usage over the season.
 */

/** One pick as the admin sees it (`GET /api/admin/choices/period/{periodId}`). */
export interface PeriodChoice extends Choice {
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
  uses: number;
}
