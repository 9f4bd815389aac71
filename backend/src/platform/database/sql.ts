/**
 * The narrow SQL surface the event store, the projection engine and the read-side writers use.
 * It runs on the same pg pool TypeORM owns, so the embedded database's single connection is shared
 * by everything and queued by the pool.
 */
export interface SqlResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<SqlResult<Row>>;
}

export interface TransactionalSql extends Sql {
  /**
   * Runs `work` in one transaction on one connection. Inside it, use only the `Sql` it receives:
   * the embedded database has a single connection, so awaiting another one would wait forever.
   */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
}
