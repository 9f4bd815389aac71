import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ErrorCodes,
  type ImportSeasonFileRequest,
  type ImportSeasonRequest,
  type NextSeasonResult,
  type NextSeasonStatus,
  type SeasonCatalogueView,
  type SeasonImportResult,
  type StartNextSeasonRequest,
} from '@treble/contracts';
import {
  PeriodStreams,
  PoolSeasons,
  AddEplOptionsCommand,
  ImportScheduleCommand,
  StartNextSeasonCommand,
  type SeasonSource,
  checkSeasonShape,
  parseSeasonFile,
  SeasonFileError,
  type SeasonFile,
  matchTeams,
  MATCH_DURATION_MS,
  resultsOfFile,
  scheduleFromFixtures,
  scheduleOf,
  SeasonDataError,
  type FileResult,
  type Fixture,
  type SeasonSchedule,
  type Team,
  SeasonCatalogue,
} from '../season/index.js';
import { nextSeasonName } from '../shared/domain/season-scope.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { DomainError } from '../shared/domain/domain-error.js';
import type { CommandContext } from '../shared/domain/event.js';
import { fixtureIdOf, fixtureStatusOf, seasonStartYear } from './domain/match-plan.js';
import type { ProviderAnswer, ProviderMatch, ProviderTeam } from './domain/provider-match.js';
import { MatchSync } from './match-sync.js';
import { isSeasonName, seasonNameRule } from './season-setup.dto.js';
import { RESULTS_PROVIDER, type ResultsProvider } from './provider/results-provider.js';

/** The file's played matches as a provider answer, so they reach the pool through the usual results path. */
function answerOf(results: readonly FileResult[], now: Date): ProviderAnswer {
  const played = results.filter((result) => Date.parse(result.kickoff) + MATCH_DURATION_MS <= now.getTime());
  const team = (t: Team) => ({ name: t.name, shortName: t.shortName, tla: t.code });
  return {
    skipped: [],
    matches: played.map((result, index): ProviderMatch => ({
      id: index + 1,
      matchday: result.matchweek,
      kickoff: result.kickoff,
      status: 'FINISHED',
      homeTeam: team(result.home),
      awayTeam: team(result.away),
      homeScore: result.homeScore,
      awayScore: result.awayScore,
      lastUpdated: null,
    })),
  };
}

/**
 * Season setup in one step (the Admin Schedule tab): the season's schedule from its source
 * (bundled data, football-data.org, or an admin's file), its 38 periods, their team options and
 * the results already played. Every step is idempotent, so importing twice changes nothing.
 */
@Injectable()
export class SeasonSetupService {
  constructor(
    private readonly catalogue: SeasonCatalogue,
    private readonly commandBus: CommandBus,
    private readonly sync: MatchSync,
    @Inject(RESULTS_PROVIDER) private readonly provider: ResultsProvider | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly seasons: PoolSeasons,
    private readonly periods: PeriodStreams,
  ) {}

  /** football-data.org is a season source when its API key is set (not the replay: that serves the bundled seasons). */
  get providerAvailable(): boolean {
    return this.provider !== null && this.provider.name !== 'replay';
  }

  async view(now: Date): Promise<SeasonCatalogueView> {
    const year = now.getUTCMonth() >= 6 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
    const played = await this.seasons.all();
    const current = played.at(-1)?.season ?? null;
    const seasons = this.catalogue.choices(now, this.providerAvailable ? [year - 1, year, year + 1] : []);
    let next: NextSeasonStatus | null = null;
    if (current !== null) {
      const season = nextSeasonName(current);
      const unfinished = await this.unfinishedPeriods(now);
      next = {
        season,
        available: seasons.some((choice) => choice.season === season),
        unfinishedPeriods: unfinished.map((period) => period.id),
        seasonOver: unfinished.every((period) => period.ended),
      };
    }
    return {
      current,
      past: played.slice(0, -1).map((s) => s.season),
      next,
      seasons,
      providerAvailable: this.providerAvailable,
    };
  }

  /** The current season's matchweeks not completed yet, and whether each has ended at `now`. */
  private async unfinishedPeriods(now: Date): Promise<{ id: number; ended: boolean }[]> {
    return (await this.periods.all())
      .filter((period) => !period.isCompleted)
      .map((period) => ({ id: period.periodId!, ended: Date.parse(period.endDate!) <= now.getTime() }));
  }

  /**
   * Starts the season after the current one in the same pool: accounts, admins, invitations and
   * prize settings stay; picks, team usage, strikes and standings start fresh, and the ending
   * season's standings are kept as they stand. When Treble knows the new season's fixtures, they
   * are imported in the same step; otherwise the Schedule tab asks for its file.
   */
  async startNextSeason(input: StartNextSeasonRequest, context: CommandContext): Promise<NextSeasonResult> {
    const current = await this.seasons.current();
    if (current === null)
      throw new DomainError(ErrorCodes.SEASON_NOT_NEXT, 'This pool has no season yet: import one first.');
    const season = input.season ?? nextSeasonName(current.season);
    const unfinished = (await this.unfinishedPeriods(context.now)).map((period) => period.id);
    await this.commandBus.execute(
      new StartNextSeasonCommand(season, unfinished, input.force === true, context),
    );
    const view = await this.view(context.now);
    const imported = view.seasons.some((choice) => choice.season === season)
      ? await this.importSeason({ season, source: input.source, results: input.results }, context)
      : null;
    const next = imported?.message ?? `Import ${season}'s fixtures from a file on the Schedule tab.`;
    const message = `${season} has started; ${current.season} is kept in the season switcher. ${next}`;
    return { season, previous: current.season, imported, message };
  }

  /** A bundled or football-data.org season, by name; `source` defaults to the catalogue's default for that season. */
  async importSeason(input: ImportSeasonRequest, context: CommandContext): Promise<SeasonImportResult> {
    const view = await this.view(context.now);
    const season = input.season ?? view.seasons.find((s) => s.isDefault)?.season ?? null;
    if (season === null)
      throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'season: name the season to import, like 2026-27');
    const source: SeasonSource =
      input.source ??
      view.seasons.find((s) => s.season === season && s.isDefault)?.source ??
      view.seasons.find((s) => s.season === season)?.source ??
      'bundled';
    const withResults = input.results !== false;
    if (source === 'bundled') {
      const bundled = this.catalogue.bundled(season);
      return this.setUp(
        bundled.schedule,
        'bundled',
        withResults ? answerOf(bundled.results, context.now) : null,
        context,
      );
    }
    if (!this.providerAvailable || this.provider === null) {
      throw new DomainError(
        ErrorCodes.SEASON_NOT_AVAILABLE,
        'football-data.org seasons need FOOTBALL_DATA_API_KEY in the server environment.',
      );
    }
    const answer = await this.provider.matchesOfSeason(seasonStartYear(season));
    const schedule = this.scheduleOfProvider(season, answer);
    return this.setUp(schedule, 'football-data', withResults ? answer : null, context);
  }

  /**
   * An openfootball `en.1.json` or Football.TXT file. Teams are matched to the known clubs by name,
   * short name or code; names that match none come back as `unmatched` (422) for the admin to map
   * in `teamMap` (file name → team code), never guessed.
   */
  async importFile(input: ImportSeasonFileRequest, context: CommandContext): Promise<SeasonImportResult> {
    const mapping = Object.fromEntries(
      Object.entries(input.teamMap ?? {}).map(([name, code]) => [name, code.trim().toUpperCase()]),
    );
    let file: SeasonFile;
    try {
      file = parseSeasonFile(input.content);
    } catch (error) {
      if (error instanceof SeasonFileError)
        throw new DomainError(ErrorCodes.SEASON_DATA_INVALID, error.message, { errors: error.errors });
      throw error;
    }
    const shape = checkSeasonShape(file);
    if (shape.length > 0) {
      const problems = new SeasonFileError(shape);
      throw new DomainError(ErrorCodes.SEASON_DATA_INVALID, problems.message, { errors: problems.errors });
    }
    const season = input.season ?? file.season;
    if (season === null || !isSeasonName(season)) {
      throw new DomainError(
        ErrorCodes.VALIDATION_FAILED,
        `season: the file names no season like "2026/27"; give it as season (${seasonNameRule})`,
      );
    }
    const names = [...new Set(file.matches.flatMap((m) => [m.team1, m.team2]))];
    const matched = matchTeams(names, this.catalogue.knownClubs(), mapping);
    if (matched.unmatched.length > 0) {
      throw new DomainError(
        ErrorCodes.SEASON_TEAMS_UNMATCHED,
        `${matched.unmatched.length} team name${matched.unmatched.length === 1 ? '' : 's'} match no known club: ${matched.unmatched.join(', ')}. Map each to a team code in teamMap (a new code adds a new club).`,
        {
          unmatched: matched.unmatched,
          knownTeams: this.catalogue.knownClubs().map((club) => ({ code: club.tla, name: club.name })),
        },
      );
    }
    const team = (name: string): Team => matched.teams.get(name)!;
    let schedule: SeasonSchedule;
    try {
      schedule = scheduleOf(season, file, team, [...matched.teams.values()], this.config.rules);
    } catch (error) {
      if (error instanceof SeasonDataError)
        throw new DomainError(ErrorCodes.SEASON_DATA_INVALID, error.message, { errors: [error.message] });
      throw error;
    }
    const results = input.results === false ? null : answerOf(resultsOfFile(season, file, team), context.now);
    return this.setUp(schedule, 'file', results, context);
  }

  /** The provider's season as a schedule: its 380 matches by matchday, kickoffs in UTC, teams by code. */
  private scheduleOfProvider(season: string, answer: ProviderAnswer): SeasonSchedule {
    const teams = new Map<string, Team>();
    const team = ({ tla, name, shortName }: ProviderTeam): Team => {
      const value = { code: tla, name, shortName: shortName ?? name };
      teams.set(tla, value);
      return value;
    };
    const fixtures: Fixture[] = answer.matches.map((match) => {
      const [home, away] = [team(match.homeTeam), team(match.awayTeam)];
      const status = fixtureStatusOf(match.status);
      return {
        fixtureId: fixtureIdOf(season, match),
        matchweek: match.matchday,
        home,
        away,
        kickoff: status === 'SCHEDULED' ? match.kickoff : null,
        status,
      };
    });
    const shape = checkSeasonShape({
      name: 'Premier League',
      season,
      matches: answer.matches.map((m) => ({
        round: m.matchday,
        date: m.kickoff.slice(0, 10),
        time: null,
        team1: m.homeTeam.name,
        team2: m.awayTeam.name,
        postponed: false,
        score: null,
        where: `match ${m.id}`,
      })),
    });
    if (shape.length > 0) {
      throw new DomainError(
        ErrorCodes.SEASON_DATA_INVALID,
        `football-data.org's ${season} season is not complete: ${shape.slice(0, 3).join('; ')}`,
        { errors: shape },
      );
    }
    return scheduleFromFixtures(season, 'Premier League', fixtures, [...teams.values()], this.config.rules);
  }

  private async setUp(
    schedule: SeasonSchedule,
    source: SeasonSource,
    results: ProviderAnswer | null,
    context: CommandContext,
  ): Promise<SeasonImportResult> {
    const imported = await this.commandBus.execute(new ImportScheduleCommand(context, { schedule, source }));
    const { added } = await this.commandBus.execute(new AddEplOptionsCommand(null, context));
    const summary = results ? await this.sync.apply(results, context) : null;
    const resultsRecorded = summary?.resultsRecorded ?? 0;
    const parts = [imported.message];
    if (added > 0) parts.push(`Added ${added} team options.`);
    // Each match's result is recorded for both of its teams: the admin counts matches, as the season list does.
    if (resultsRecorded > 0)
      parts.push(`Recorded the results of ${summary?.finishedMatches ?? 0} matches already played.`);
    return {
      message: parts.join(' '),
      created: imported.created,
      unchanged: imported.unchanged,
      totalPeriods: imported.totalPeriods,
      season: schedule.season,
      source,
      optionsAdded: added,
      resultsRecorded,
      periodsCompleted: summary?.periodsCompleted ?? [],
    };
  }
}
