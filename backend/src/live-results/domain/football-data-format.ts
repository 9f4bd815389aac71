import {
  finalStatuses,
  isProviderStatus,
  type ProviderAnswer,
  type ProviderMatch,
  type ProviderTeam,
  type SkippedMatch,
} from './provider-match.js';

/*
 * Reading football-data.org v4 answers (`GET /v4/competitions/PL/matches`). The envelope must be
 * sound or the whole answer is refused; then each match is validated on its own, and one that
 * cannot be read is skipped with its reason, so a single broken object never blocks (or, worse,
 * becomes) a result.
 */

/** The answer as a whole cannot be used (not JSON, no `matches` list). */
export class MalformedAnswerError extends Error {
  constructor(reason: string) {
    super(`Malformed answer from the results provider: ${reason}`);
    this.name = 'MalformedAnswerError';
  }
}

type Parsed = { ok: true; match: ProviderMatch } | { ok: false; skipped: SkippedMatch };

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const teamCode = /^[A-Z0-9]{2,5}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function instant(value: unknown): string | null {
  if (typeof value !== 'string' || !isoInstant.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function goals(value: unknown): number | null | undefined {
  if (value === null) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 100) return value;
  return undefined;
}

function team(value: unknown): ProviderTeam | string {
  if (!isRecord(value)) return 'is missing';
  const { name, shortName, tla } = value;
  if (typeof tla !== 'string' || !teamCode.test(tla)) return 'has no valid tla';
  if (typeof name !== 'string' || name.trim() === '') return 'has no name';
  return {
    name,
    shortName: typeof shortName === 'string' && shortName.trim() !== '' ? shortName : null,
    tla,
  };
}

/** The winner football-data reports must agree with the full-time score (regular time only). */
function winnerAgrees(score: Record<string, unknown>, home: number, away: number): boolean {
  const winner = score.winner;
  if (winner === undefined || winner === null) return true;
  if (score.duration !== undefined && score.duration !== null && score.duration !== 'REGULAR') return true;
  if (winner === 'HOME_TEAM') return home > away;
  if (winner === 'AWAY_TEAM') return away > home;
  if (winner === 'DRAW') return home === away;
  return false;
}

export function parseMatch(raw: unknown): Parsed {
  const skip = (id: number | null, reason: string): Parsed => ({ ok: false, skipped: { id, reason } });
  if (!isRecord(raw)) return skip(null, 'not an object');
  const id = typeof raw.id === 'number' && Number.isInteger(raw.id) && raw.id > 0 ? raw.id : null;
  if (id === null) return skip(null, 'no valid id');
  if (!isProviderStatus(raw.status)) return skip(id, `unknown status ${JSON.stringify(raw.status)}`);
  const status = raw.status;
  const kickoff = instant(raw.utcDate);
  if (kickoff === null) return skip(id, `utcDate ${JSON.stringify(raw.utcDate)} is not an ISO 8601 instant`);
  const matchday = raw.matchday;
  if (typeof matchday !== 'number' || !Number.isInteger(matchday) || matchday < 1 || matchday > 99) {
    return skip(id, `matchday ${JSON.stringify(matchday)} is not a round number`);
  }
  const homeTeam = team(raw.homeTeam);
  if (typeof homeTeam === 'string') return skip(id, `homeTeam ${homeTeam}`);
  const awayTeam = team(raw.awayTeam);
  if (typeof awayTeam === 'string') return skip(id, `awayTeam ${awayTeam}`);
  if (homeTeam.tla === awayTeam.tla) return skip(id, 'home and away teams are the same');

  const score = raw.score;
  if (!isRecord(score) || !isRecord(score.fullTime)) return skip(id, 'score.fullTime is missing');
  const homeScore = goals(score.fullTime.home);
  const awayScore = goals(score.fullTime.away);
  if (homeScore === undefined || awayScore === undefined)
    return skip(id, 'score.fullTime holds something other than goals');
  if ((homeScore === null) !== (awayScore === null)) return skip(id, 'score.fullTime has one side only');
  const final = finalStatuses.includes(status);
  if (final && (homeScore === null || awayScore === null))
    return skip(id, `${status} without a full-time score`);
  if (final && !winnerAgrees(score, homeScore!, awayScore!)) {
    return skip(
      id,
      `score.winner ${JSON.stringify(score.winner)} contradicts the full-time score ${homeScore}-${awayScore}`,
    );
  }
  const lastUpdated = instant(raw.lastUpdated);
  return {
    ok: true,
    match: { id, matchday, kickoff, status, homeTeam, awayTeam, homeScore, awayScore, lastUpdated },
  };
}

/** Parses a v4 matches answer; `body` is the decoded JSON. */
export function parseMatchesAnswer(body: unknown): ProviderAnswer & { warnings: string[] } {
  if (!isRecord(body)) throw new MalformedAnswerError('the body is not a JSON object');
  if (!Array.isArray(body.matches)) throw new MalformedAnswerError('the body has no "matches" list');
  const matches: ProviderMatch[] = [];
  const skipped: SkippedMatch[] = [];
  for (const raw of body.matches as unknown[]) {
    const parsed = parseMatch(raw);
    if (parsed.ok) matches.push(parsed.match);
    else skipped.push(parsed.skipped);
  }
  const warnings: string[] = [];
  const count = isRecord(body.resultSet) ? body.resultSet.count : undefined;
  if (typeof count === 'number' && count !== body.matches.length) {
    warnings.push(`resultSet.count says ${count} matches but the answer holds ${body.matches.length}`);
  }
  return { matches, skipped, warnings };
}

/** The human message of a football-data error body (`message`, or `error` in very old answers). */
export function errorMessageOf(body: unknown): string | null {
  if (!isRecord(body)) return null;
  if (typeof body.message === 'string') return body.message;
  if (typeof body.error === 'string') return body.error;
  return null;
}
