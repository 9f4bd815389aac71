/*
 * A season's fixture list as a file: openfootball's `en.1.json` or its Football.TXT source
 * (`1-premierleague.txt`). Both are read into one neutral shape, then checked (20 teams, 38
 * rounds of 10 matches, dates and times that exist); every problem is reported with the line or
 * the match it is about, never guessed around. Pure.
 */

export interface SeasonFileMatch {
  round: number;
  /** Local date in England, `YYYY-MM-DD`. */
  date: string;
  /** Local time in England, `HH:MM`; null when the file gives none (a postponed match). */
  time: string | null;
  team1: string;
  team2: string;
  postponed: boolean;
  /** Full-time score `[home, away]` when the match has been played. */
  score: [number, number] | null;
  /** Where the match is in the file, for messages: `line 42` or `match 17`. */
  where: string;
}

export interface SeasonFile {
  /** The competition's name as the file gives it, e.g. "English Premier League 2025/26". */
  name: string;
  /** The season the name states, like `2025-26`; null when it names none. */
  season: string | null;
  matches: SeasonFileMatch[];
}

/** At most this many problems are listed (a file of 50,000 bad lines would otherwise answer with 50,000). */
export const maxListedProblems = 100;

/**
 * The file cannot be used; `errors` names each problem with its line or match, the first
 * `maxListedProblems` of them and then how many more there are.
 */
export class SeasonFileError extends Error {
  readonly errors: string[];

  constructor(errors: string[]) {
    super(
      errors.length === 1
        ? errors[0]
        : `${errors.length} problems in the season file: ${errors.slice(0, 5).join('; ')}${errors.length > 5 ? '; …' : ''}`,
    );
    this.name = 'SeasonFileError';
    this.errors =
      errors.length > maxListedProblems
        ? [...errors.slice(0, maxListedProblems), `… and ${errors.length - maxListedProblems} more problems`]
        : errors;
  }
}

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/*
 * Every pattern below runs on text an admin uploads, so none may backtrack over it: each is
 * anchored to a whole line or a single word, or has only bounded repeats, and a line is cut into
 * words once (`wordsOf`) instead of being matched by a pattern with two free-length parts
 * (`(.+?)\s+v\s+(.+?)` took 3.8 s for one line of 80,000 spaces). Parsing is linear in the size
 * of the file.
 */

/** "English Premier League 2025/26" → "2025-26". */
export function seasonOfName(name: string): string | null {
  const match = /(\d{4})\s{0,3}[/-]\s{0,3}(\d{2}|\d{4})\b/.exec(name);
  if (!match) return null;
  const start = Number(match[1]);
  // "26" or "2026": the last two digits either way.
  const end = Number(match[2]) % 100;
  return (start + 1) % 100 === end ? `${start}-${String(end).padStart(2, '0')}` : null;
}

/** A real `YYYY-MM-DD` day: only such text reads back unchanged from the ISO form of its noon. */
function validDate(date: string): boolean {
  const parsed = new Date(`${date}T12:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

function validTime(time: string): boolean {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  return match !== null && Number(match[1]) < 24 && Number(match[2]) < 60;
}

function scorePair(value: unknown): [number, number] | null | undefined {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value) && value.length === 2 && value.every((n) => Number.isInteger(n) && n >= 0))
    return [value[0], value[1]];
  return undefined;
}

/** openfootball `en.1.json`: `{ name, matches: [{ round: "Matchday N", date, time?, team1, team2, score?, status? }] }`. */
export function parseOpenfootballJson(value: unknown): SeasonFile {
  const errors: string[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new SeasonFileError([
      'The file is not an openfootball season: expected an object with "name" and "matches".',
    ]);
  const source = value as { name?: unknown; matches?: unknown };
  if (!Array.isArray(source.matches)) throw new SeasonFileError(['The file has no "matches" list.']);
  const name = typeof source.name === 'string' ? source.name : '';
  const matches: SeasonFileMatch[] = [];
  source.matches.forEach((raw: unknown, index) => {
    const where = `match ${index + 1}`;
    if (typeof raw !== 'object' || raw === null) {
      errors.push(`${where}: not an object`);
      return;
    }
    const m = raw as Record<string, unknown>;
    const teamName = (value: unknown) => (typeof value === 'string' ? value : '?');
    const label = `${where} (${teamName(m.team1)} v ${teamName(m.team2)})`;
    const round = typeof m.round === 'string' ? /^Matchday (\d{1,2})$/.exec(m.round) : null;
    if (!round)
      return void errors.push(`${label}: round ${JSON.stringify(m.round)} is not like "Matchday 12"`);
    if (typeof m.team1 !== 'string' || !m.team1.trim() || typeof m.team2 !== 'string' || !m.team2.trim()) {
      return void errors.push(`${label}: team1 and team2 must be team names`);
    }
    if (typeof m.date !== 'string' || !validDate(m.date))
      return void errors.push(`${label}: date ${JSON.stringify(m.date)} is not a YYYY-MM-DD date`);
    if (m.time !== undefined && (typeof m.time !== 'string' || !validTime(m.time))) {
      return void errors.push(`${label}: time ${JSON.stringify(m.time)} is not a HH:MM time`);
    }
    // `score` is `{ ft: [h, a], ht?: [...] }`, `{}` before the match, or (in some snapshots) a bare `[h, a]` for the full time.
    const rawScore = Array.isArray(m.score) ? m.score : (m.score as { ft?: unknown } | undefined)?.ft;
    const score = scorePair(rawScore);
    if (score === undefined)
      return void errors.push(`${label}: score ${JSON.stringify(m.score)} is not a full-time score`);
    matches.push({
      round: Number(round[1]),
      date: m.date,
      time: typeof m.time === 'string' ? m.time : null,
      team1: m.team1.trim(),
      team2: m.team2.trim(),
      postponed: m.status === 'postponed',
      score,
      where,
    });
  });
  if (errors.length > 0) throw new SeasonFileError(errors);
  return { name, season: seasonOfName(name), matches };
}

interface Word {
  text: string;
  start: number;
  end: number;
}

/** The words of a line (its runs of non-space characters) and where each lies, in one pass. */
function wordsOf(line: string): Word[] {
  return Array.from(line.matchAll(/\S+/g), (match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

interface MatchLine {
  /** The kickoff as written (`20`, `00`), when the line starts with one. */
  clock: [string, string] | null;
  team1: string;
  team2: string;
  score: [number, number] | null;
  postponed: boolean;
}

const clockWord = /^(\d{1,2})[.:](\d{2})$/;
const scoreWord = /^(\d{1,2})-(\d{1,2})(?:\(\d{1,2}-\d{1,2}\))?$/;
const halfTimeWord = /^\(\d{1,2}-\d{1,2}\)$/;
const postponedWord = /^\[postponed\]$/i;

/** What ends a match line after the away team: a score (with its half time), `[postponed]`, both, or nothing. */
function endingOf(words: readonly Word[]): { score: [number, number] | null; postponed: boolean } | null {
  const postponed = words.length > 0 && postponedWord.test(words.at(-1)!.text);
  const rest = postponed ? words.slice(0, -1) : words;
  if (rest.length === 0) return { score: null, postponed };
  if (rest.length > 2 || (rest.length === 2 && !halfTimeWord.test(rest[1]!.text))) return null;
  const score = scoreWord.exec(rest[0]!.text);
  if (!score || (rest.length === 2 && rest[0]!.text.includes('('))) return null;
  return { score: [Number(score[1]), Number(score[2])], postponed };
}

/**
 * `[20:00]  Home Team v Away Team  [4-2 [(1-0)]] [[postponed]]`, read word by word: the home team
 * runs to the first `v` (a word of its own), the away team to the shortest end that leaves a valid
 * ending. A first word that looks like a time is the kickoff, unless it must be the home team.
 */
function readMatchLine(line: string): MatchLine | null {
  const words = wordsOf(line);
  const clock = words.length > 0 ? clockWord.exec(words[0]!.text) : null;
  for (const first of clock ? [1, 0] : [0]) {
    let versus = first + 1;
    while (versus < words.length - 1 && words[versus]!.text.toLowerCase() !== 'v') versus++;
    if (versus >= words.length - 1) continue;
    for (let end = Math.max(versus + 2, words.length - 3); end <= words.length; end++) {
      const ending = endingOf(words.slice(end));
      if (ending === null) continue;
      return {
        clock: first === 1 ? [clock![1]!, clock![2]!] : null,
        team1: line.slice(words[first]!.start, words[versus - 1]!.end),
        team2: line.slice(words[versus + 1]!.start, words[end - 1]!.end),
        ...ending,
      };
    }
  }
  return null;
}

/**
 * Football.TXT (`1-premierleague.txt`): `= Name 2025/26`, `» Matchday N` (or `▪ Matchday N`),
 * date lines `Fri Aug/15 2025` or `Fri Aug 15 2025` (the year only where it changes; otherwise
 * Aug–Dec are the first year, Jan–Jul the second), match lines `20:00  Home v Away  4-2 (1-0)`
 * (`20.00` too; a line without a time keeps the previous one on that date; `[postponed]` marks a
 * match called off).
 */
export function parseFootballTxt(text: string): SeasonFile {
  const errors: string[] = [];
  const matches: SeasonFileMatch[] = [];
  let name = '';
  let round: number | null = null;
  let date: string | null = null;
  let time: string | null = null;
  let firstYear: number | null = null;
  const lines = text.split(/\r?\n/);
  lines.forEach((rawLine, index) => {
    const where = `line ${index + 1}`;
    const trimmed = rawLine.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    if (trimmed.startsWith('=')) {
      name = trimmed.replace(/^=+\s*/, '');
      const season = seasonOfName(name);
      if (season) firstYear = Number(season.slice(0, 4));
      return;
    }
    const title = trimmed.startsWith('»') || trimmed.startsWith('▪') ? trimmed.slice(1).trimStart() : '';
    if (title !== '') {
      const number = /^Matchday (\d{1,2})$/.exec(title);
      if (!number) return void errors.push(`${where}: round "${title}" is not like "Matchday 12"`);
      round = Number(number[1]);
      date = null;
      time = null;
      return;
    }
    const dateLine = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+([A-Za-z]{3})[/ ](\d{1,2})(?:\s+(\d{4}))?$/.exec(
      trimmed,
    );
    if (dateLine) {
      const month = months.indexOf(dateLine[1]!.toLowerCase()) + 1;
      if (!month) return void errors.push(`${where}: unknown month "${dateLine[1]}"`);
      const explicitYear = dateLine[3] ? Number(dateLine[3]) : null;
      if (explicitYear !== null && firstYear === null)
        firstYear = month >= 8 ? explicitYear : explicitYear - 1;
      if (firstYear === null)
        return void errors.push(`${where}: the date has no year and the file has not given one yet`);
      const year = explicitYear ?? (month >= 8 ? firstYear : firstYear + 1);
      const candidate = `${year}-${String(month).padStart(2, '0')}-${String(Number(dateLine[2])).padStart(2, '0')}`;
      if (!validDate(candidate)) return void errors.push(`${where}: "${trimmed}" is not a date`);
      date = candidate;
      time = null;
      return;
    }
    const matchLine = readMatchLine(trimmed);
    if (matchLine) {
      if (round === null) return void errors.push(`${where}: a match before any "Matchday" line`);
      if (date === null) return void errors.push(`${where}: a match before any date line`);
      const { clock, postponed } = matchLine;
      if (clock !== null) {
        const candidate = `${clock[0].padStart(2, '0')}:${clock[1]}`;
        if (!validTime(candidate))
          return void errors.push(`${where}: "${clock[0]}.${clock[1]}" is not a time`);
        time = candidate;
      }
      if (time === null && !postponed) return void errors.push(`${where}: the match has no kickoff time`);
      matches.push({
        round,
        date,
        time: postponed && clock === null ? null : time,
        team1: matchLine.team1,
        team2: matchLine.team2,
        postponed,
        score: matchLine.score,
        where,
      });
      return;
    }
    errors.push(`${where}: cannot read "${trimmed.length > 60 ? `${trimmed.slice(0, 60)}…` : trimmed}"`);
  });
  if (errors.length > 0) throw new SeasonFileError(errors);
  if (matches.length === 0)
    throw new SeasonFileError([
      'The file holds no matches: expected "» Matchday N" rounds of "Home v Away" lines.',
    ]);
  return { name, season: seasonOfName(name), matches };
}

/** Either format, told apart by its content: JSON (an object, or text starting with `{`) or Football.TXT. */
export function parseSeasonFile(content: unknown): SeasonFile {
  if (typeof content === 'string') {
    const text = content.replace(/^\uFEFF/, '');
    if (text.trimStart().startsWith('{')) {
      let value: unknown;
      try {
        // The same rule as for request bodies: no field of a name JavaScript gives a meaning of its own.
        value = JSON.parse(text, (key, field: unknown) => {
          if (key === '__proto__' || key === 'constructor' || key === 'prototype')
            throw new SyntaxError(`the field name "${key}" is not accepted`);
          return field;
        });
      } catch (error) {
        throw new SeasonFileError([
          `The file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
        ]);
      }
      return parseOpenfootballJson(value);
    }
    return parseFootballTxt(text);
  }
  return parseOpenfootballJson(content);
}

export interface SeasonShape {
  teams: number;
  rounds: number;
  matchesPerRound: number;
}

export const premierLeagueShape: SeasonShape = { teams: 20, rounds: 38, matchesPerRound: 10 };

/**
 * A complete league season: the expected number of teams, every round with its matches, each team
 * once in a round, each pairing once. Returns the problems (empty: the file is sound).
 */
export function checkSeasonShape(file: SeasonFile, shape: SeasonShape = premierLeagueShape): string[] {
  const errors: string[] = [];
  const teams = new Set(file.matches.flatMap((m) => [m.team1, m.team2]));
  if (teams.size !== shape.teams)
    errors.push(`The file has ${teams.size} teams; a season has ${shape.teams}.`);
  const byRound = new Map<number, SeasonFileMatch[]>();
  const pairings = new Map<string, string>();
  for (const match of file.matches) {
    if (match.round < 1 || match.round > shape.rounds)
      errors.push(`${match.where}: Matchday ${match.round} is outside 1-${shape.rounds}`);
    if (match.team1 === match.team2) errors.push(`${match.where}: ${match.team1} plays itself`);
    const key = `${match.team1}|${match.team2}`;
    const earlier = pairings.get(key);
    if (earlier) errors.push(`${match.where}: ${match.team1} v ${match.team2} is already at ${earlier}`);
    pairings.set(key, match.where);
    const round = byRound.get(match.round);
    if (round) round.push(match);
    else byRound.set(match.round, [match]);
  }
  for (let round = 1; round <= shape.rounds; round++) {
    const matches = byRound.get(round) ?? [];
    if (matches.length !== shape.matchesPerRound) {
      errors.push(`Matchday ${round} has ${matches.length} matches; each has ${shape.matchesPerRound}.`);
      continue;
    }
    const seen = new Set<string>();
    for (const match of matches) {
      for (const team of [match.team1, match.team2]) {
        if (seen.has(team)) errors.push(`${match.where}: ${team} plays twice in Matchday ${round}`);
        seen.add(team);
      }
    }
  }
  return errors;
}
