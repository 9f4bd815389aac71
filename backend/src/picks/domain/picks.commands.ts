import type { PoolRules } from '@treble/contracts';
import type { TeamRef } from './usage.js';

/** What the handler read about the period of the pick. */
export interface PeriodView {
  id: number;
  isActive: boolean;
  isCompleted: boolean;
}

/** What the handler read about an option (the shape both the season and picks contexts use). */
export type { OptionView } from '../../shared/domain/option-view.js';
import type { OptionView, VoidReason } from '../../shared/domain/option-view.js';

export interface MakeChoice {
  type: 'MakeChoice';
  userId: string;
  periodId: number;
  optionId: string;
}

export interface WithdrawChoice {
  type: 'WithdrawChoice';
  userId: string;
  choiceId: string;
}

/** Admin: remove every active pick of the player in one period. */
export interface ClearPeriodChoices {
  type: 'ClearPeriodChoices';
  userId: string;
  periodId: number;
}

/** Admin: create the player's picks in an ended period (Historical tab). */
export interface MakeRetroactiveChoices {
  type: 'MakeRetroactiveChoices';
  userId: string;
  periodId: number;
  optionIds: string[];
}

/** System: the option's fixture was postponed or cancelled. */
export interface VoidChoicesOnOption {
  type: 'VoidChoicesOnOption';
  userId: string;
  optionId: string;
  reason: VoidReason;
}

/** Only needed when `rules.minUsesEnforcement` is 'reject'; see `usageGuidance`. */
export interface MinimumUsesContext {
  teams: readonly TeamRef[];
  /** Periods in which the player may still add picks (not completed, not ended); the pick's own period is added. */
  openPeriodIds: readonly number[];
}

/** What each command needs besides the stream's state: read elsewhere by the handler, passed in. */
export interface PicksContexts {
  MakeChoice: {
    now: Date;
    rules: PoolRules;
    period: PeriodView;
    option: OptionView;
    choiceId: string;
    minimumUses?: MinimumUsesContext;
  };
  /** `period` and `option` are those of the choice being withdrawn (the handler finds them from the state). */
  WithdrawChoice: { now: Date; period: PeriodView; option: OptionView };
  MakeRetroactiveChoices: {
    rules: PoolRules;
    periodEnded: boolean;
    /** The options named by the command that exist (any period); missing ones are refused. */
    options: readonly OptionView[];
    /** Ids for the new choices, one per option named. */
    choiceIds: readonly string[];
  };
  /** `now`: when the postponement or cancellation happened (or was first seen). */
  VoidChoicesOnOption: { now: Date; option: OptionView };
}
