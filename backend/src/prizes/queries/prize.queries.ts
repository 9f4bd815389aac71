import { Injectable } from '@nestjs/common';
import type { Prize } from '@treble/contracts';
import { DataSource } from 'typeorm';
import type { Sql } from '../../platform/database/sql.js';
import { ProjectionEngine } from '../../projections/projection-engine.js';

interface PrizeRow {
  id: string;
  competition: Prize['competition'];
  position: string;
  amount: string;
  currency: Prize['currency'];
  description: string | null;
  is_active: boolean;
}

const order = `ORDER BY CASE competition WHEN 'overall' THEN 1 WHEN 'survivor' THEN 2 ELSE 3 END, amount DESC, position`;
const listSql = (includeInactive: boolean) =>
  `SELECT * FROM prizes ${includeInactive ? '' : 'WHERE is_active'} ${order}`;

@Injectable()
export class PrizeQueries {
  constructor(
    private readonly dataSource: DataSource,
    private readonly engine: ProjectionEngine,
  ) {}

  private static toPrize(row: PrizeRow): Prize {
    return {
      id: row.id,
      competition: row.competition,
      position: row.position,
      amount: Number(row.amount).toFixed(2),
      currency: row.currency,
      description: row.description,
      isActive: row.is_active,
    };
  }

  /** Only active prizes are listed (and summed) unless the caller asks for all. */
  async list(includeInactive = false): Promise<Prize[]> {
    const rows: PrizeRow[] = await this.dataSource.query(listSql(includeInactive));
    return rows.map(PrizeQueries.toPrize);
  }

  /** The active prizes as `sql` sees them (a past season's, inside `SeasonReader.read`). */
  static async activeIn(sql: Sql): Promise<Prize[]> {
    return (await sql.query<PrizeRow>(listSql(false))).rows.map(PrizeQueries.toPrize);
  }

  /** One prize; inside a command request, once the prize list shows what it changed. */
  async one(id: string): Promise<Prize | null> {
    await this.engine.showOwnWrites(['prizes']);
    const rows: PrizeRow[] = await this.dataSource.query('SELECT * FROM prizes WHERE id = $1', [id]);
    return rows[0] ? PrizeQueries.toPrize(rows[0]) : null;
  }
}
