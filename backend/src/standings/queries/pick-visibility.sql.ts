/**
 * The pick-visibility rule (picks/domain/visibility.ts `isPickVisibleTo`) in SQL, written once for
 * every query that shows other players' picks, or anything that follows from them: another player's
 * pick shows once its option has locked: at kickoff, or earlier when it has a result (recorded
 * before kickoff with the admin's confirmation); an option without a lock time or a result has not.
 * A player's own picks are the query's business (their own views read them without this rule).
 */

/**
 * SQL true when picks on the option row aliased `option` (of the `options` view) show to players
 * other than their own at `now` (an SQL timestamptz expression, e.g. `$2`). A condition: for an
 * option without a lock time it is NULL, which a WHERE, FILTER or JOIN takes as false.
 */
export function pickShownToOthersSql(option: string, now: string): string {
  return `(${option}.lock_at <= ${now} OR EXISTS (SELECT 1 FROM results shown WHERE shown.option_id = ${option}.id))`;
}
