import { Inject, Injectable } from '@nestjs/common';
import type { LeaderboardKind, LeaderboardRow, LeaderboardSummary } from '@treble/contracts';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import type { RequestUser } from '../../platform/http/command-context.js';
import type { TaggedAnswer } from '../../platform/http/entity-tags.js';
import { maxPageSize } from '../../platform/http/list-pages.js';
import { SeasonReader } from '../../season/index.js';
import { withEmailsFor } from './email-privacy.js';
import { entityTag, LeaderboardCache, type Asker } from './leaderboard-cache.js';
import { type LeaderboardPage, LeaderboardQueries } from './leaderboard.queries.js';

/** A page of a board: `limit`/`offset`, or `limit`/`after` (a player id, keyset); a past season by name. */
type BoardPage = LeaderboardPage & { season?: string };

/** The first page of a board (no offset, no cursor): what most readers ask, kept in the cache. */
const isFirstPage = (page: BoardPage) => (page.after ?? null) === null && (page.offset ?? 0) === 0;

/**
 * The leaderboards as one viewer may see them: an admin sees every entrant; anyone else not the
 * players whose picks have not locked yet (and who have no points), so nothing leaks early, except
 * their own row. Current answers come from the cache at the current read state, tagged with that
 * state and with the e-mail addresses this viewer sees; a past season is read through its kept
 * rows, never cached with the current one's, and lists every entrant (no pick of it is a secret).
 */
@Injectable()
export class Boards {
  constructor(
    private readonly leaderboards: LeaderboardQueries,
    private readonly cache: LeaderboardCache,
    private readonly seasons: SeasonReader,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async board<K extends LeaderboardKind>(
    kind: K,
    page: BoardPage,
    user: RequestUser | null,
  ): Promise<TaggedAnswer<LeaderboardRow<K>[]>> {
    const range = { limit: page.limit ?? maxPageSize, offset: page.offset, after: page.after };
    const past = await this.seasons.pastSeason(page.season);
    if (past !== null) {
      const rows = await this.seasons.readPast(past, (sql) =>
        new LeaderboardQueries(sql, this.config.rules).list(kind, range),
      );
      return { value: withEmailsFor(user, rows), tag: null };
    }
    const { asker, queries } = this.askerOf(user);
    const question = ['board', kind, page.limit ?? '', page.offset ?? 0, page.after ?? ''].join('|');
    // A list asked for whole is cut at the largest page anyway: read no more than that.
    const answer = await this.cache.answer(question, asker, () => queries.list(kind, range), {
      keep: isFirstPage(page),
      viewerMatters: (state) => state.hiddenOn.has(kind),
    });
    const rows = withEmailsFor(user, answer.value);
    const ownEmail = rows.some((row) => row.userId === user?.id && row.email !== null);
    const variant = asker.admin ? 'admin' : ownEmail ? `own:${user?.id}` : 'others';
    return { value: rows, tag: answer.state === null ? null : entityTag(answer.state, variant) };
  }

  /**
   * Counted as the boards are listed for this viewer: admins count everyone; a player counts the
   * rows others may see and their own (shown to them before their picks lock), so the cards never
   * say 0 players above a list that shows one.
   */
  async summary(
    season: string | undefined,
    user: RequestUser | null,
  ): Promise<TaggedAnswer<LeaderboardSummary>> {
    const past = await this.seasons.pastSeason(season);
    if (past !== null) {
      return {
        value: await this.seasons.readPast(past, (sql) =>
          new LeaderboardQueries(sql, this.config.rules).summary(),
        ),
        tag: null,
      };
    }
    const { asker, queries } = this.askerOf(user);
    const answer = await this.cache.answer('summary', asker, () => queries.summary(), {
      keep: true,
      viewerMatters: (state) => state.hiddenOn.size > 0,
    });
    const variant = asker.admin ? 'admin' : 'others';
    return { value: answer.value, tag: answer.state === null ? null : entityTag(answer.state, variant) };
  }

  private askerOf(user: RequestUser | null): { asker: Asker; queries: LeaderboardQueries } {
    const admin = user?.isAdmin === true;
    const asker: Asker = { admin, viewer: admin ? null : (user?.id ?? null), now: this.clock.now() };
    const queries = admin ? this.leaderboards : this.leaderboards.shownAt(asker.now, asker.viewer);
    return { asker, queries };
  }
}
