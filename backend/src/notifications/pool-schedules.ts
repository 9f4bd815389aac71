import { Injectable } from '@nestjs/common';
import { Database } from '../platform/database/database.js';
import { currentPoolKey } from '../platform/pool-scope/pool-scope.js';
import { ProjectionEngine } from '../projections/projection-engine.js';

/** An open period: its first lock is its deadline. */
export interface OpenPeriod {
  id: number;
  name: string;
  deadline: Date;
}

interface Schedule {
  periods: {
    id: number;
    name: string;
    deadline: Date | null;
    completed: boolean;
    completedAt: Date | null;
  }[];
}

/** The read models a schedule is read from: while they stand still, so does every pool's schedule. */
const readFrom = ['periods', 'options'] as const;

/**
 * Each pool's periods as the notification check asks for them every minute (which are open and
 * when they lock, which completed when), read in one statement and kept per pool while the
 * periods and options tables stand still (no batch with an event of theirs committed since, as
 * this instance's projector runners say; an instance that does not run them reads each time). So a check across a thousand pools with
 * nothing due asks the database nothing.
 */
@Injectable()
export class PoolSchedules {
  private readonly kept = new Map<string, { at: string; schedule: Promise<Schedule> }>();

  constructor(
    private readonly database: Database,
    private readonly engine: ProjectionEngine,
  ) {}

  /** The current pool's periods still to lock after `now`, the soonest first. */
  async open(now: Date): Promise<OpenPeriod[]> {
    return (await this.schedule()).periods
      .filter((p): p is Schedule['periods'][number] & OpenPeriod => !p.completed && p.deadline !== null)
      .filter((period) => period.deadline > now)
      .sort((a, b) => a.deadline.getTime() - b.deadline.getTime())
      .map(({ id, name, deadline }) => ({ id, name, deadline }));
  }

  /** The current pool's periods completed after `from` and by `to`, by id. */
  async completed(from: Date, to: Date): Promise<number[]> {
    return (await this.schedule()).periods
      .filter(
        ({ completed, completedAt }) =>
          completed && completedAt !== null && completedAt > from && completedAt <= to,
      )
      .map((period) => period.id)
      .sort((a, b) => a - b);
  }

  private schedule(): Promise<Schedule> {
    const at = this.engine.committedKey(readFrom, { touched: true });
    const pool = currentPoolKey();
    const kept = this.kept.get(pool);
    if (at !== null && kept?.at === at) return kept.schedule;
    const schedule = this.read();
    if (at !== null) {
      this.kept.set(pool, { at, schedule });
      schedule.catch(() => this.kept.delete(pool));
    }
    return schedule;
  }

  private async read(): Promise<Schedule> {
    const { rows } = await this.database.query<{
      id: number;
      name: string;
      deadline: Date | null;
      is_completed: boolean;
      completed_at: Date | null;
    }>(
      `SELECT p.id, p.name, min(o.lock_at) AS deadline, p.is_completed, p.completed_at
         FROM periods p LEFT JOIN options o ON o.period_id = p.id AND o.lock_at IS NOT NULL
        GROUP BY p.id, p.name, p.is_completed, p.completed_at`,
    );
    return {
      periods: rows.map((row) => ({
        id: row.id,
        name: row.name,
        deadline: row.deadline === null ? null : new Date(row.deadline),
        completed: row.is_completed,
        completedAt: row.completed_at === null ? null : new Date(row.completed_at),
      })),
    };
  }
}
