/** Why picks on an option were voided. */
export type VoidReason = 'postponed' | 'cancelled';

/** An option as a pick decision sees it (read by the season context, decided on by the picks context). */
export interface OptionView {
  id: string;
  periodId: number;
  teamKey: string;
  teamName: string;
  /** Kickoff of its fixture; for an option without a fixture, the period's start. Null: no deadline known. */
  lockAt: Date | null;
  /** Whether it can still be played: a postponed or cancelled fixture makes it unavailable. */
  status: 'available' | VoidReason;
  /** The option already has a result: it is locked for new picks whatever its kickoff says. */
  hasResult?: boolean;
}
