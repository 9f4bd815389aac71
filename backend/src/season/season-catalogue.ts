import fs from 'node:fs';
import { Inject, Injectable } from '@nestjs/common';
import type { EplTeam } from '@treble/contracts';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import {
  parseOpenfootballSeason,
  type OpenfootballSeason,
  type SeasonSchedule,
  type TeamCatalogueEntry,
} from './domain/season-schedule.js';

export const BUNDLED_SEASON = '2025-26';

/** Reads a season bundled with the app (`backend/data/seasons/{season}/`). */
function reader(season: string) {
  const folder = new URL(`../../data/seasons/${season}/`, import.meta.url);
  return <T>(file: string): T => JSON.parse(fs.readFileSync(new URL(file, folder), 'utf8')) as T;
}

export function loadBundledSeason(season: string, config: Pick<AppConfig, 'rules'>): SeasonSchedule {
  const read = reader(season);
  const fixtures = read<OpenfootballSeason>('fixtures.openfootball.json');
  const teams = read<{ teams: TeamCatalogueEntry[] }>('teams.football-data.json').teams;
  return parseOpenfootballSeason(season, fixtures, teams, config.rules);
}

/** The season this pool plays: parsed once, served as data to the import and the schedule view. */
@Injectable()
export class SeasonCatalogue {
  private cached: SeasonSchedule | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private clubs: EplTeam[] | null = null;

  current(): SeasonSchedule {
    this.cached ??= loadBundledSeason(BUNDLED_SEASON, this.config);
    return this.cached;
  }

  /** The season's 20 clubs with their city, promoted sides marked. */
  teams(): EplTeam[] {
    if (!this.clubs) {
      const { clubs } = reader(BUNDLED_SEASON)<{ clubs: Record<string, { city: string; promoted?: boolean }> }>('clubs.json');
      this.clubs = this.current().teams.map((team) => ({
        code: team.code,
        name: team.name,
        shortName: team.shortName,
        city: clubs[team.code]?.city ?? '',
        promoted: clubs[team.code]?.promoted === true,
      }));
    }
    return this.clubs;
  }
}
