import fs from 'node:fs';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, type EplTeam, type PoolRules, type SeasonChoice } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { readStream } from '../event-store/read-stream.js';
import { currentPoolKey } from '../platform/pool-scope/pool-scope.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { DomainError } from '../shared/domain/domain-error.js';
import type { SeasonScope } from '../shared/domain/season-scope.js';
import { defaultSeason, seasonStreamId, type SeasonEvent } from './domain/season.js';
import { PoolSeasons } from './pool-seasons.js';
import { parseSeasonFile } from './domain/season-file.js';
import {
  matchTeams,
  resultsOfFile,
  scheduleOf,
  SeasonDataError,
  type FileResult,
  type SeasonSchedule,
  type Team,
  type TeamCatalogueEntry,
} from './domain/season-schedule.js';

/** The season `npm run demo` replays by default: the last complete one bundled. */
export const BUNDLED_SEASON = '2025-26';

const seasonsFolder = new URL('../../data/seasons/', import.meta.url);

/** The seasons bundled with the app, oldest first. */
export function bundledSeasons(): string[] {
  return fs
    .readdirSync(seasonsFolder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d{4}-\d{2}$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** A season bundled with the app (`backend/data/seasons/{season}/`). */
interface BundledSeason {
  schedule: SeasonSchedule;
  results: FileResult[];
  teams: TeamCatalogueEntry[];
  clubs: Record<string, { city: string; promoted?: boolean }>;
}

function loadBundledSeason(season: string, rules: PoolRules): BundledSeason {
  const read = <T>(file: string): T =>
    JSON.parse(fs.readFileSync(new URL(`${season}/${file}`, seasonsFolder), 'utf8')) as T;
  const file = parseSeasonFile(read<unknown>('fixtures.openfootball.json'));
  const teams = read<{ teams: TeamCatalogueEntry[] }>('teams.football-data.json').teams;
  const { clubs } = read<{ clubs: BundledSeason['clubs'] }>('clubs.json');
  const names = file.matches.flatMap((m) => [m.team1, m.team2]);
  const matched = matchTeams(names, teams);
  if (matched.unmatched.length > 0)
    throw new SeasonDataError(`Unknown teams in ${season}: ${matched.unmatched.join(', ')}`);
  const team = (name: string): Team => matched.teams.get(name)!;
  const schedule = scheduleOf(season, file, team, [...matched.teams.values()], rules);
  return { schedule, results: resultsOfFile(season, file, team), teams, clubs };
}

/** A pool's imported season in the cache: each pool imports its own (docs/adr/015). */
const importedKey = (season: string): string => `${currentPoolKey()}/${season}`;

/**
 * The seasons Treble knows (bundled; football-data.org's when an API key is set) and the season
 * this pool plays: the one it imported, recorded in its `season-{season}` stream. Schedules are
 * data, parsed once and kept.
 */
@Injectable()
export class SeasonCatalogue {
  private readonly bundledCache = new Map<string, BundledSeason>();
  private readonly importedCache = new Map<string, SeasonSchedule>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly seasons: PoolSeasons,
  ) {}

  bundled(season: string): BundledSeason {
    if (!bundledSeasons().includes(season)) {
      throw new DomainError(
        ErrorCodes.SEASON_NOT_AVAILABLE,
        `Season ${season} is not bundled; the bundled seasons are ${bundledSeasons().join(', ')}.`,
      );
    }
    let loaded = this.bundledCache.get(season);
    if (!loaded) {
      loaded = loadBundledSeason(season, this.config.rules);
      this.bundledCache.set(season, loaded);
    }
    return loaded;
  }

  /** Every club the bundled seasons know, newest season's details first (file imports match against these). */
  knownClubs(): TeamCatalogueEntry[] {
    const byCode = new Map<string, TeamCatalogueEntry>();
    for (const season of bundledSeasons().reverse()) {
      for (const team of this.bundled(season).teams) if (!byCode.has(team.tla)) byCode.set(team.tla, team);
    }
    return [...byCode.values()];
  }

  /** The seasons an admin can import, the default (dates hold `now`, or the next to start) marked. */
  choices(now: Date, providerSeasons: readonly number[] = []): SeasonChoice[] {
    const choices: SeasonChoice[] = bundledSeasons().map((season) => {
      const { schedule, results } = this.bundled(season);
      const first = schedule.matchweeks[0]!;
      const last = schedule.matchweeks[schedule.matchweeks.length - 1]!;
      return {
        season,
        source: 'bundled' as const,
        label: `${season.replace('-', '/')} · bundled (${schedule.matchweeks.length} matchweeks, ${results.length} results)`,
        startDate: first.startDate,
        endDate: last.endDate,
        matchweeks: schedule.matchweeks.length,
        results: results.length,
        isDefault: false,
      };
    });
    for (const year of providerSeasons) {
      const season = `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
      choices.push({
        season,
        source: 'football-data',
        label: `${season.replace('-', '/')} · football-data.org`,
        // The provider's own dates arrive with the import; a Premier League season runs August to May.
        startDate: `${year}-08-01T00:00:00.000Z`,
        endDate: `${year + 1}-06-01T00:00:00.000Z`,
        matchweeks: null,
        results: null,
        isDefault: false,
      });
    }
    const chosen = defaultSeason(choices, now);
    // With an API key the provider's fixtures are the fresher ones for the default season.
    const preferred = chosen
      ? (choices.find((c) => c.season === chosen.season && c.source === 'football-data') ?? chosen)
      : null;
    return choices.map((choice) => ({ ...choice, isDefault: choice === preferred }));
  }

  /** The season the pool plays, or null before its first import. */
  async currentSeasonName(): Promise<string | null> {
    return (await this.seasons.current())?.season ?? null;
  }

  /** The schedule recorded when the pool imported `season`, or null when it has not. */
  async imported(season: string): Promise<SeasonSchedule | null> {
    const cached = this.importedCache.get(importedKey(season));
    if (cached) return cached;
    const { events } = await readStream<SeasonEvent>(this.eventStore, seasonStreamId(season));
    const found = events.find((event) => event.type === 'SeasonImported');
    if (found) {
      this.importedCache.set(importedKey(season), found.data.schedule);
      return found.data.schedule;
    }
    // A pool that imported its season before seasons were recorded played the bundled one.
    return bundledSeasons().includes(season) ? this.bundled(season).schedule : null;
  }

  async current(): Promise<SeasonSchedule | null> {
    const name = await this.currentSeasonName();
    return name === null ? null : this.imported(name);
  }

  /** The pool's season, or before any import the bundled season an import would choose now. */
  async currentOrDefault(now: Date): Promise<SeasonSchedule> {
    return this.scheduleOrDefault(await this.seasons.current(), now);
  }

  /** As `currentOrDefault`, for a pool season its caller has already read (`PoolSeasons.current`). */
  async scheduleOrDefault(season: SeasonScope | null, now: Date): Promise<SeasonSchedule> {
    const current = season === null ? null : await this.imported(season.season);
    if (current) return current;
    const chosen = defaultSeason(
      this.choices(now).filter((c) => c.source === 'bundled'),
      now,
    );
    return this.bundled(chosen?.season ?? BUNDLED_SEASON).schedule;
  }

  /** Keeps a schedule just recorded (`SeasonWriter.record`), so the next read need not fetch it. */
  remember(schedule: SeasonSchedule): void {
    this.importedCache.set(importedKey(schedule.season), schedule);
  }

  /** The season's 20 clubs with their city, promoted sides marked. */
  async teams(now: Date): Promise<EplTeam[]> {
    const schedule = await this.currentOrDefault(now);
    const seasons = bundledSeasons();
    const clubs = seasons.includes(schedule.season) ? this.bundled(schedule.season).clubs : {};
    const cities = new Map<string, string>();
    for (const season of seasons)
      for (const [code, club] of Object.entries(this.bundled(season).clubs)) cities.set(code, club.city);
    const previous = seasons.filter((s) => s < schedule.season).pop();
    const before = previous ? new Set(this.bundled(previous).schedule.teams.map((t) => t.code)) : null;
    return schedule.teams.map((team) => ({
      code: team.code,
      name: team.name,
      shortName: team.shortName,
      city: clubs[team.code]?.city ?? cities.get(team.code) ?? '',
      promoted: clubs[team.code]
        ? clubs[team.code]!.promoted === true
        : before !== null && !before.has(team.code),
    }));
  }
}
