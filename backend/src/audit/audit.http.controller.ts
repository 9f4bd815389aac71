import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../platform/http/api-docs.js';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { AuditEntry } from '@treble/contracts';
import { Admin } from '../platform/http/access.decorators.js';
import { ListPage, maxOffset } from '../platform/http/list-pages.js';
import { AuditLog, type AuditFilter } from './audit-log.js';

/** The most audit entries one page holds. */
const auditPageSize = 500;

class AuditQuery implements AuditFilter {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) periodId?: number;
  @IsOptional() @IsString() @MaxLength(64) userId?: string;
  @IsOptional() @IsString() @MaxLength(100) stream?: string;
  @IsOptional() @IsString() @MaxLength(40) optionId?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(auditPageSize) limit?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(maxOffset) offset?: number;
}

@ApiTags('admin')
@Admin()
@Controller('admin/audit')
export class AuditController {
  constructor(private readonly audit: AuditLog) {}

  @Get()
  @ListPage({ maxSize: auditPageSize, pagedByHandler: true })
  @ApiOperation({
    summary:
      'The event history, newest first: filter by period, user (as subject or actor), option or stream; page with limit and offset',
  })
  list(@Query() query: AuditQuery): Promise<AuditEntry[]> {
    return this.audit.list(query);
  }
}
