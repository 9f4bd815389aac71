import { Injectable } from '@nestjs/common';
import type { AuditEntry } from '@treble/contracts';
import { DataSource } from 'typeorm';

/** Which entries: by period, user (as subject or actor), option or stream; a page of them. */
export interface AuditFilter {
  periodId?: number;
  userId?: string;
  stream?: string;
  optionId?: string;
  limit?: number;
  offset?: number;
}

/** The audit_log read table, newest first, with the names of the actor and the subject. */
@Injectable()
export class AuditLog {
  constructor(private readonly dataSource: DataSource) {}

  async list(query: AuditFilter): Promise<AuditEntry[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (clause: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(clause(params.length));
    };
    if (query.periodId !== undefined) add((n) => `a.period_id = $${n}`, query.periodId);
    if (query.userId !== undefined) add((n) => `(a.user_id = $${n} OR a.actor = $${n})`, query.userId);
    if (query.optionId !== undefined) add((n) => `a.option_id = $${n}`, query.optionId);
    if (query.stream !== undefined) add((n) => `a.stream_id = $${n}`, query.stream);
    params.push(query.limit ?? 100, query.offset ?? 0);
    const rows: (Omit<AuditEntry, 'occurredAt'> & { occurredAt: Date })[] = await this.dataSource.query(
      `SELECT a.position::text AS position, a.stream_id AS "streamId", a.type, a.actor,
              coalesce(NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) AS "actorName",
              a.source, a.occurred_at AS "occurredAt", a.period_id AS "periodId", a.user_id AS "userId",
              coalesce(NULLIF(trim(concat_ws(' ', s.first_name, s.last_name)), ''), s.email) AS "userName",
              a.option_id AS "optionId", a.data
       FROM audit_log a LEFT JOIN users u ON u.id::text = a.actor LEFT JOIN users s ON s.id::text = a.user_id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY a.position DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return rows.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() }));
  }
}
