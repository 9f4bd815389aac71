import { londonLocalToUtc } from '../../season/domain/index.js';

/*
 * The season replay: the bundled season's real results, released as the pool's clock passes each
 * match, in football-data.org's v4 shape, so they go through the same parsing and the same process
 * manager as the live API. A match with no score in the data stays "TIMED": nothing is invented.
 */

export interface OpenfootballScoredMatch {
  round: string;
  date: string;
  time?: string;
  team1: string;
  team2: string;
  status?: string;
  score?: { ht?: number[]; ft?: number[] };
}

export interface ReplayTeam {
  id: number;
  name: string;
  shortName: string;
  tla: string;
  crest?: string;
  openfootballName?: string;
}

/** Minutes after kickoff: the break, the restart and the final whistle. */
export const REPLAY_HALF_TIME_MINUTE = 45;
export const REPLAY_RESTART_MINUTE = 60;
export const REPLAY_FULL_TIME_MINUTE = 112;

const minute = 60_000;

function pair(value: number[] | undefined): [number, number] | null {
  return value && value.length === 2 && value.every((n) => Number.isInteger(n) && n >= 0)
    ? [value[0]!, value[1]!]
    : null;
}

function winner(home: number, away: number): 'HOME_TEAM' | 'AWAY_TEAM' | 'DRAW' {
  return home > away ? 'HOME_TEAM' : home < away ? 'AWAY_TEAM' : 'DRAW';
}

/** The whole season as football-data.org would report it at `now` (v4 match objects). */
export function replayMatches(
  source: { matches: OpenfootballScoredMatch[] },
  teams: readonly ReplayTeam[],
  now: Date,
): unknown[] {
  const byName = new Map<string, ReplayTeam>();
  for (const team of teams) {
    byName.set(team.name, team);
    if (team.openfootballName) byName.set(team.openfootballName, team);
  }
  const at = now.getTime();
  return source.matches.map((match, index) => {
    const home = byName.get(match.team1);
    const away = byName.get(match.team2);
    if (!home || !away) throw new Error(`Replay: unknown team in ${match.team1} v ${match.team2}`);
    const round = /^Matchday (\d+)$/.exec(match.round);
    if (!round) throw new Error(`Replay: unexpected round "${match.round}"`);
    const postponed = match.status === 'postponed';
    const kickoff = match.time
      ? londonLocalToUtc(match.date, match.time).getTime()
      : Date.parse(`${match.date}T00:00:00Z`);
    const ft = pair(match.score?.ft);
    const ht = pair(match.score?.ht) ?? ft;
    const elapsed = (at - kickoff) / minute;

    let status = 'TIMED';
    let fullTime: [number, number] | null = null;
    let halfTime: [number, number] | null = null;
    let changedAt = kickoff - 7 * 24 * 60 * minute;
    if (postponed) {
      status = 'POSTPONED';
    } else if (ft !== null && elapsed >= 0) {
      if (elapsed < REPLAY_HALF_TIME_MINUTE) {
        status = 'IN_PLAY';
        changedAt = kickoff;
      } else if (elapsed < REPLAY_RESTART_MINUTE) {
        status = 'PAUSED';
        fullTime = ht;
        halfTime = ht;
        changedAt = kickoff + REPLAY_HALF_TIME_MINUTE * minute;
      } else if (elapsed < REPLAY_FULL_TIME_MINUTE) {
        status = 'IN_PLAY';
        fullTime = ht;
        halfTime = ht;
        changedAt = kickoff + REPLAY_RESTART_MINUTE * minute;
      } else {
        status = 'FINISHED';
        fullTime = ft;
        halfTime = ht;
        changedAt = kickoff + REPLAY_FULL_TIME_MINUTE * minute;
      }
    }
    const team = (t: ReplayTeam) => ({
      id: t.id,
      name: t.name,
      shortName: t.shortName,
      tla: t.tla,
      crest: t.crest ?? null,
    });
    return {
      id: 900_000 + index + 1,
      utcDate: new Date(kickoff).toISOString().replace('.000Z', 'Z'),
      status,
      matchday: Number(round[1]),
      stage: 'REGULAR_SEASON',
      group: null,
      lastUpdated: new Date(changedAt).toISOString().replace('.000Z', 'Z'),
      homeTeam: team(home),
      awayTeam: team(away),
      score: {
        winner: status === 'FINISHED' && fullTime ? winner(fullTime[0], fullTime[1]) : null,
        duration: 'REGULAR',
        fullTime: { home: fullTime?.[0] ?? null, away: fullTime?.[1] ?? null },
        halfTime: { home: halfTime?.[0] ?? null, away: halfTime?.[1] ?? null },
      },
    };
  });
}
