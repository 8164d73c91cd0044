import type { BatchingStatementWrapper, GroovyRowResult, SqlParams } from '../../../model/sql.js'
import type { StoreSql } from '../store.js'
import { IllegalArgumentException } from '../../../errors/illegal-argument-exception.js'
import { SQLException } from '../../../errors/sql-exception.js'
import { describeValue } from '../../domains/describe-value.js'
import { isThenable } from '../../../api/is-thenable.js'
import { decodeColumn, encodeParam } from './native-values.js'
import { isReadOnly, prepareSql, refusalOf } from './sql-text.js'
import { rowCountOf, type Statement, type StatementResult } from './statement.js'

/**
 * What a store's `Sql` runs statements through: the session's connection. `readOnly` says whether every
 * statement only reads (a store that must replay a transaction's writes needs to know).
 *
 * @internal
 */
export type NativeRunner = (statements: readonly Statement[], readOnly: boolean) => StatementResult[]

/**
 * `groovy.sql.Sql` over a PostgreSQL connection, as PostgreSQL's JDBC driver runs it: `?` and `:name`
 * parameters, rows as objects keyed by column name, values as SPEC §10.4 types them, errors as
 * {@link SQLException} with PostgreSQL's SQLSTATE. `executeInsert` appends `RETURNING *`, as the driver does
 * for generated keys; `withBatch` runs the statements it collects together, all or nothing.
 *
 * @internal
 */
export class GroovySql implements StoreSql {
  readonly #run: NativeRunner

  constructor(run: NativeRunner) {
    this.#run = run
  }

  rows(query: string, params?: SqlParams): GroovyRowResult[] {
    return rowObjects(this.#one('rows', query, params))
  }

  firstRow(query: string, params?: SqlParams): GroovyRowResult | null {
    return rowObjects(this.#one('firstRow', query, params))[0] ?? null
  }

  eachRow(query: string, paramsOrClosure: unknown, closure?: unknown): void {
    const params = typeof paramsOrClosure === 'function' ? undefined : (paramsOrClosure as SqlParams)
    const each = typeof paramsOrClosure === 'function' ? paramsOrClosure : closure
    if (typeof each !== 'function')
      throw new IllegalArgumentException(
        `Sql.eachRow expects a closure to call with each row, got ${describeValue(each)}.`,
      )
    // The rows are read first: the closure runs after the statement, on rows the caller owns.
    for (const row of rowObjects(this.#one('eachRow', query, params))) {
      const result: unknown = (each as (row: GroovyRowResult) => unknown)(row)
      if (isThenable(result))
        throw new IllegalArgumentException(
          'Sql.eachRow was given a closure that returned a Promise; make it synchronous.',
        )
    }
  }

  execute(statement: string, params?: SqlParams): boolean {
    return this.#one('execute', statement, params).fields !== undefined
  }

  executeUpdate(statement: string, params?: SqlParams): number {
    const result = this.#one('executeUpdate', statement, params)
    if (result.fields !== undefined) {
      throw new SQLException(
        `A result was returned when none was expected (Sql.executeUpdate ran a statement that returns rows: ${statement}). ` +
          'Use rows() or firstRow() for a query, or executeInsert() for an insert whose keys you want.',
        '0100E',
      )
    }
    return rowCountOf(result.command)
  }

  executeInsert(statement: string, params?: SqlParams): unknown[][] {
    const prepared = this.#prepare('executeInsert', statement, params)
    const text = prepared.words.includes('returning')
      ? prepared.text
      : // On a line of its own, so that a closing line comment does not swallow it.
        `${prepared.text.replace(/[\s;]+$/, '')}\nRETURNING *`
    const [result] = this.#run([{ ...prepared.statement, text }], false) as [StatementResult]
    return result.rows.map((row) =>
      row.map((text, i) => decodeColumn(result.fields?.[i]?.typeOid ?? 0, text)),
    )
  }

  withBatch(closure: (statement: BatchingStatementWrapper) => void): number[] {
    if (typeof closure !== 'function')
      throw new IllegalArgumentException(
        `Sql.withBatch expects a closure that adds statements, got ${describeValue(closure)}.`,
      )
    const batch: { statement: Statement; readOnly: boolean }[] = []
    const result: unknown = closure({
      addBatch: (statement: string, params?: SqlParams) => {
        const prepared = this.#prepare('withBatch', statement, params)
        batch.push({ statement: prepared.statement, readOnly: isReadOnly(prepared.words) })
      },
    })
    if (isThenable(result))
      throw new IllegalArgumentException(
        'Sql.withBatch was given a closure that returned a Promise; make it synchronous.',
      )
    if (batch.length === 0) return []
    const results = this.#run(
      batch.map((b) => b.statement),
      batch.every((b) => b.readOnly),
    )
    return results.map((r) => rowCountOf(r.command))
  }

  #one(method: string, statement: string, params: SqlParams | undefined): StatementResult {
    const prepared = this.#prepare(method, statement, params)
    return (this.#run([prepared.statement], isReadOnly(prepared.words)) as [StatementResult])[0]
  }

  #prepare(
    method: string,
    statement: string,
    params: SqlParams | undefined,
  ): { statement: Statement; text: string; words: readonly string[] } {
    if (typeof statement !== 'string')
      throw new IllegalArgumentException(
        `Sql.${method} expects the SQL as a string, got ${describeValue(statement)}.`,
      )
    if (params !== undefined && (typeof params !== 'object' || params === null))
      throw new IllegalArgumentException(
        `Sql.${method} expects the parameters as an array (for ?) or an object (for :name), got ${describeValue(params)}.`,
      )
    const prepared = prepareSql(statement, params)
    const refusal = refusalOf(prepared.words)
    if (refusal !== undefined) {
      throw new SQLException(
        `Sql.${method} does not run this statement: ${refusal}. Statement: ${statement}`,
        '25000',
      )
    }
    const values = prepared.values.map((value, i) => encodeParam(value, `parameter $${i + 1}`))
    return { statement: { text: prepared.text, params: values }, text: prepared.text, words: prepared.words }
  }
}

/** The rows of a result as objects keyed by column name; a later column of the same name wins, as in a Map. */
function rowObjects(result: StatementResult): GroovyRowResult[] {
  const fields = result.fields ?? []
  return result.rows.map((row) => {
    const out: GroovyRowResult = {}
    fields.forEach((field, i) => {
      out[field.name] = decodeColumn(field.typeOid, row[i] ?? null)
    })
    return out
  })
}
