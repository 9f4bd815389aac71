import { Injectable } from '@nestjs/common';
import type { AuditEntry, AuditSource } from '@treble/contracts';
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

interface AuditRow {
  position: string;
  stream_id: string;
  type: string;
  actor: string;
  source: string;
  occurred_at: Date;
  period_id: number | null;
  user_id: string | null;
  option_id: string | null;
  data: unknown;
  actor_full_name: string | null;
  actor_email: string | null;
  user_full_name: string | null;
  user_email: string | null;
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
    const rows: AuditRow[] = await this.dataSource.query(
      `SELECT a.*, NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS actor_full_name, u.email AS actor_email,
              NULLIF(trim(concat_ws(' ', s.first_name, s.last_name)), '') AS user_full_name, s.email AS user_email
       FROM audit_log a LEFT JOIN users u ON u.id::text = a.actor LEFT JOIN users s ON s.id::text = a.user_id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY a.position DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return rows.map((row) => ({
      position: String(row.position),
      streamId: row.stream_id,
      type: row.type,
      actor: row.actor,
      actorName: row.actor_full_name ?? row.actor_email,
      source: row.source as AuditSource,
      occurredAt: row.occurred_at.toISOString(),
      periodId: row.period_id,
      userId: row.user_id,
      userName: row.user_full_name ?? row.user_email,
      optionId: row.option_id,
      data: row.data,
    }));
  }
}
