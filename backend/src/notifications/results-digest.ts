import { Injectable } from '@nestjs/common';
import type { HistoricStanding, LeaderboardKind } from '@treble/contracts';
import { ErrorCodes, userDisplayName } from '@treble/contracts';
import { PoolHistoryService } from '../operations/index.js';
import { Database } from '../platform/database/database.js';
import { DomainError } from '../shared/domain/domain-error.js';
import type { Outgoing } from './channels.js';
import { MailTemplates } from './mail-templates.js';
import { PlayerValues, type PlayerRow } from './player-values.js';

/** The results digest of a completed matchweek (template `results`), and the admins' summary of it. */
@Injectable()
export class ResultsDigests {
  constructor(
    private readonly database: Database,
    private readonly history: PoolHistoryService,
    private readonly templates: MailTemplates,
    private readonly players: PlayerValues,
  ) {}

  /** The digest of a completed period: each player's points, rank movement and survivor status; the admins' summary. */
  async build(periodId: number, now: Date) {
    const { rows: periodRows } = await this.database.query<{ name: string; previous: number | null }>(
      'SELECT name, (SELECT max(id) FROM periods WHERE is_completed AND id < $1) AS previous FROM periods WHERE id = $1',
      [periodId],
    );
    if (periodRows[0] === undefined)
      throw new DomainError(ErrorCodes.PERIOD_NOT_FOUND, `Period ${periodId} does not exist.`);
    const { name: periodName, previous: previousId } = periodRows[0];
    const kinds: LeaderboardKind[] = ['overall', 'survivor', 'last10'];
    const after = new Map<LeaderboardKind, Map<string, HistoricStanding>>();
    const before = new Map<LeaderboardKind, Map<string, HistoricStanding>>();
    for (const kind of kinds) {
      const rows = (await this.history.standingsAsOf(periodId, kind)).rows;
      after.set(kind, new Map(rows.map((row) => [row.userId, row])));
      const earlier = previousId === null ? [] : (await this.history.standingsAsOf(previousId, kind)).rows;
      before.set(kind, new Map(earlier.map((row) => [row.userId, row])));
    }
    const { rows: scores } = await this.database.query<{ user_id: string; points: number; picks: number }>(
      'SELECT user_id, points, picks FROM period_scores WHERE period_id = $1',
      [periodId],
    );
    const points = new Map(scores.map((row) => [row.user_id, row]));
    const { rows: attention } = await this.database.query<{ missing: string; pending: string }>(
      `SELECT (SELECT count(*) FROM options o WHERE o.period_id = $1 AND o.fixture_id IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM results r WHERE r.option_id = o.id)) AS missing,
              (SELECT count(*) FROM pending_results p WHERE p.period_id = $1) AS pending`,
      [periodId],
    );
    const noPicks = await this.players.active(periodId);
    const label: Record<LeaderboardKind, string> = {
      overall: 'Overall',
      survivor: 'Survivor',
      last10: 'Last 10',
    };

    // The player's digest (template `results`): user_score is the matchweek's points, user_rank the overall rank after it.
    const forPlayer = async (player: PlayerRow): Promise<Outgoing> => {
      const score = points.get(player.id);
      const lines: string[] = [];
      for (const kind of kinds) {
        const now = after.get(kind)!.get(player.id);
        if (!now) continue;
        const then = before.get(kind)!.get(player.id);
        const move =
          then === undefined
            ? 'new'
            : then.rank === now.rank
              ? 'no change'
              : then.rank > now.rank
                ? `up ${then.rank - now.rank} from ${then.rank}`
                : `down ${now.rank - then.rank} from ${then.rank}`;
        let line = `${label[kind]}: rank ${now.rank} (${move}), ${now.points} points`;
        if (kind === 'survivor') {
          line += now.isEliminated
            ? `; eliminated in period ${now.eliminatedInPeriod}`
            : `; still in, ${now.strikeCount ?? 0} strike${now.strikeCount === 1 ? '' : 's'}`;
        }
        lines.push(line);
      }
      const values = await this.players.of(player, after.get('overall')!.get(player.id), now);
      const mail = await this.templates.render('results', {
        ...values,
        user_score: String(score?.points ?? 0),
        period_number: String(periodId),
        period_name: periodName,
        choices_made: String(score?.picks ?? 0),
        standings: lines.join('\n'),
      });
      return { kind: 'results', subject: mail.subject, text: mail.text, url: '/leaderboards', periodId };
    };

    const missing = Number(attention[0]?.missing ?? 0);
    const pending = Number(attention[0]?.pending ?? 0);
    const adminLines = [`${periodName} is complete.`, ''];
    const issues: string[] = [];
    if (missing > 0) issues.push(`${missing} option${missing === 1 ? '' : 's'} without a result`);
    if (pending > 0) issues.push(`${pending} result${pending === 1 ? '' : 's'} held as pending`);
    if (noPicks.length > 0) {
      issues.push(
        `${noPicks.length} player${noPicks.length === 1 ? '' : 's'} did not pick: ${noPicks
          .map((p) => userDisplayName({ firstName: p.first_name, lastName: p.last_name, email: p.email }))
          .join(', ')}`,
      );
    }
    const { rows: polls } = await this.database.query<{ ok: boolean; error: string | null; polled_at: Date }>(
      'SELECT ok, error, polled_at FROM results_polls ORDER BY id DESC LIMIT 200',
    );
    const failedInARow = polls.findIndex((poll) => poll.ok);
    const failures = failedInARow === -1 ? polls.length : failedInARow;
    if (failures >= 3) {
      issues.push(
        `the results provider failed its last ${failures} polls (since ${new Date(polls[failures - 1]!.polled_at).toISOString().slice(0, 16).replace('T', ' ')} UTC): ${polls[0]!.error ?? 'unknown error'}`,
      );
    }
    adminLines.push(
      issues.length === 0 ? 'Nothing needs your attention.' : 'Needs attention:',
      ...issues.map((issue) => `- ${issue}`),
    );
    const forAdmins: Outgoing = {
      kind: 'results',
      subject: `${periodName} admin summary${issues.length > 0 ? `: ${issues.length} thing${issues.length === 1 ? '' : 's'} to check` : ''}`,
      text: adminLines.join('\n'),
      url: '/admin',
      periodId,
    };
    return { periodName, forPlayer, forAdmins, missing, pending, noPicks: noPicks.map((p) => p.id) };
  }
}
