import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../platform/http/api-docs.js';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { AuditEntry, AuditSource } from '@treble/contracts';
import { DataSource } from 'typeorm';
import { Admin } from '../platform/http/access.decorators.js';
import { ListPage, maxOffset } from '../platform/http/list-pages.js';

/** The most audit entries one page holds. */
const auditPageSize = 500;

class AuditQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) periodId?: number;
  @IsOptional() @IsString() @MaxLength(64) userId?: string;
  @IsOptional() @IsString() @MaxLength(100) stream?: string;
  @IsOptional() @IsString() @MaxLength(40) optionId?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(auditPageSize) limit?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(maxOffset) offset?: number;
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

@ApiTags('admin')
@Admin()
@Controller('admin/audit')
export class AuditController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  @ListPage({ maxSize: auditPageSize, pagedByHandler: true })
  @ApiOperation({
    summary:
      'The event history, newest first: filter by period, user (as subject or actor), option or stream; page with limit and offset',
  })
  async list(@Query() query: AuditQuery): Promise<AuditEntry[]> {
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
