import { IsBoolean, IsIn, IsOptional, ValidateBy } from 'class-validator';
import type {
  ImportSeasonFileRequest,
  ImportSeasonRequest,
  SeasonDataSource,
  StartNextSeasonRequest,
} from '@treble/contracts';

/** The seasons a pool may name: from the Premier League's first (1992-93) to the end of the century. */
const firstSeasonYear = 1992;
const lastSeasonYear = 2099;

/** `YYYY-YY`: a first year in range and the two last digits of the year after it (2026-27, 1999-00). */
export function isSeasonName(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}$/.test(value)) return false;
  const start = Number(value.slice(0, 4));
  const end = Number(value.slice(5));
  return start >= firstSeasonYear && start <= lastSeasonYear && (start + 1) % 100 === end;
}

export const seasonNameRule = `must be a season like 2026-27: a first year from ${firstSeasonYear} to ${lastSeasonYear}, then the last two digits of the next year`;

function Holds(name: string, validate: (value: unknown) => boolean, message: string): PropertyDecorator {
  return ValidateBy({ name, validator: { validate, defaultMessage: () => `$property ${message}` } });
}

const IsSeasonName = () => Holds('isSeasonName', isSeasonName, seasonNameRule);

const sources: SeasonDataSource[] = ['bundled', 'football-data'];

/**
 * The largest season file taken as text (a Football.TXT season is about 30,000 characters) and the
 * most matches an en.1.json may list (a season has 380). The JSON body limit (100 KB) bounds both
 * anyway; these keep what the parser is handed, and the problems it reports, small.
 */
const maxSeasonFileChars = 100_000;
const maxSeasonFileMatches = 1_000;

/** The file's text, or its parsed JSON: an object whose `matches`, when a list, is not too long. */
function isSeasonFileContent(value: unknown): boolean {
  if (typeof value === 'string') return value.length > 0 && value.length <= maxSeasonFileChars;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { matches } = value as { matches?: unknown };
  return !Array.isArray(matches) || matches.length <= maxSeasonFileMatches;
}

/** At most this many names in a team map (a season has 20 teams), each at most 100 characters. */
const maxTeamMapEntries = 50;
const maxTeamNameChars = 100;
const teamCode = /^[A-Za-z0-9]{2,5}$/;

/** File team name → team code: a small object of short names, each mapped to 2-5 letters or digits. */
function isTeamMap(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length <= maxTeamMapEntries &&
    entries.every(
      ([name, code]) =>
        name.trim() !== '' &&
        name.length <= maxTeamNameChars &&
        typeof code === 'string' &&
        code.length <= 20 &&
        teamCode.test(code.trim()),
    )
  );
}

/** `POST /api/admin/setup/season`. */
export class ImportSeasonBody implements ImportSeasonRequest {
  @IsOptional()
  @IsSeasonName()
  season?: string;

  @IsOptional()
  @IsIn(sources, { message: 'source must be bundled or football-data' })
  source?: SeasonDataSource;

  @IsOptional()
  @IsBoolean({ message: 'results must be true or false' })
  results?: boolean;
}

/** `POST /api/admin/seasons/next`. */
export class StartNextSeasonBody extends ImportSeasonBody implements StartNextSeasonRequest {
  @IsOptional()
  @IsBoolean({ message: 'force must be true or false' })
  force?: boolean;
}

/** `POST /api/admin/setup/season-file`. */
export class ImportSeasonFileBody implements ImportSeasonFileRequest {
  @Holds(
    'isSeasonFileContent',
    isSeasonFileContent,
    `is the file: its text (1 to ${maxSeasonFileChars.toLocaleString('en')} characters), or its parsed JSON (an object of at most ${maxSeasonFileMatches.toLocaleString('en')} matches)`,
  )
  content: unknown;

  @IsOptional()
  @IsSeasonName()
  season?: string;

  @IsOptional()
  @Holds(
    'isTeamMap',
    isTeamMap,
    `must map at most ${maxTeamMapEntries} team names (up to ${maxTeamNameChars} characters) to team codes of 2-5 letters or digits`,
  )
  teamMap?: Record<string, string>;

  @IsOptional()
  @IsBoolean({ message: 'results must be true or false' })
  results?: boolean;
}
