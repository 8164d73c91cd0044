/**
 * One result row of a {@link Sql} query: column name to value (`groovy.sql.GroovyRowResult`).
 *
 * @example
 * ```ts
 * import type { GroovyRowResult } from '@tech-vendor/api'
 *
 * const row: GroovyRowResult = { id: 1, status: 'OPEN' }
 * ```
 */
export type GroovyRowResult = Record<string, unknown>

/**
 * Parameters of a {@link Sql} statement: positional values for `?` placeholders, or named values for
 * `:name` placeholders.
 *
 * @example
 * ```ts
 * import type { SqlParams } from '@tech-vendor/api'
 *
 * const positional: SqlParams = ['OPEN', 100]
 * const named: SqlParams = { status: 'OPEN', min: 100 }
 * ```
 */
export type SqlParams = readonly unknown[] | Readonly<Record<string, unknown>>

/**
 * The batch statement that `Sql.withBatch` hands its closure: add statements, the platform runs them together.
 *
 * @example
 * ```ts
 * import type { BatchingStatementWrapper } from '@tech-vendor/api'
 *
 * const fill = (stmt: BatchingStatementWrapper) => stmt.addBatch("insert into tag(name) values ('a')")
 * ```
 */
export interface BatchingStatementWrapper {
  /** Adds one statement (with its parameters) to the batch. */
  addBatch(statement: string, params?: SqlParams): void
}

/**
 * A `groovy.sql.Sql` for native SQL, as `QueryHelper.withSql` hands it. Statements run in the current
 * session's connection, so inside `QueryHelper.withTransaction` they join the transaction.
 *
 * Parameters are bound, never concatenated: pass them as the second argument.
 *
 * @example
 * ```ts
 * import { QueryHelper } from '@tech-vendor/api'
 *
 * const open = QueryHelper.withSql((sql) => sql.rows('select id, total from orders where status = ?', ['OPEN']))
 * ```
 */
export interface Sql {
  /** Runs a query and returns every row. */
  rows(query: string, params?: SqlParams): GroovyRowResult[]
  /** Runs a query and returns its first row, or `null` when there is none. */
  firstRow(query: string, params?: SqlParams): GroovyRowResult | null
  /** Runs a query and calls `closure` with each row in turn. */
  eachRow(query: string, closure: (row: GroovyRowResult) => void): void
  /** Runs a query and calls `closure` with each row in turn. */
  eachRow(query: string, params: SqlParams, closure: (row: GroovyRowResult) => void): void
  /** Runs any statement; `true` when it produced a result set (as JDBC's `execute`). */
  execute(statement: string, params?: SqlParams): boolean
  /** Runs an `insert`/`update`/`delete` and returns the number of rows it changed. */
  executeUpdate(statement: string, params?: SqlParams): number
  /** Runs an `insert` and returns the generated keys, one array per inserted row. */
  executeInsert(statement: string, params?: SqlParams): unknown[][]
  /** Runs `closure` in a transaction on this connection: commit on return, rollback on throw. */
  withTransaction<T>(closure: () => T): T
  /** Collects the statements `closure` adds and runs them as one batch; returns the update count of each. */
  withBatch(closure: (statement: BatchingStatementWrapper) => void): number[]
}
