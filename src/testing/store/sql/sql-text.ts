import type { SqlParams } from '../../../model/sql.js'
import { SQLException } from '../../../errors/sql-exception.js'

/**
 * A native statement made ready for PostgreSQL: `?` and `:name` placeholders turned into `$1`, `$2`, ...,
 * the values in that order, and the statement's words and quoted names outside literals and comments
 * (lower-cased), which say what kind of statement it is.
 *
 * @internal
 */
export interface PreparedSql {
  readonly text: string
  readonly values: readonly unknown[]
  /** The words of the statement outside strings and comments, quoted names included, lower-cased, in order. */
  readonly words: readonly string[]
}

/**
 * Reads a statement as `groovy.sql.Sql` does with PostgreSQL's JDBC driver: `?` is a positional parameter
 * (`??` a literal `?`), `:name` a named one; string literals (`'...'`, `E'...'`), quoted identifiers,
 * dollar-quoted text, comments and `::` casts are left alone. Statements already written with `$1` take their
 * parameters as they are.
 *
 * @param sql - The statement.
 * @param params - Positional values (an array) or named values (an object).
 * @returns The statement with `$n` placeholders and its values.
 * @throws {@link SQLException} (SQLSTATE `07001`) when the parameters do not match the placeholders: a count
 *   that differs, a named parameter without a value, or `?` with named values.
 * @internal
 */
export function prepareSql(sql: string, params: SqlParams | undefined): PreparedSql {
  let text = ''
  const words: string[] = []
  const positional: number[] = []
  const named = new Map<string, number>()
  let last = 0
  let i = 0
  const n = sql.length
  const emit = (upTo: number, replacement: string): void => {
    text += sql.slice(last, upTo) + replacement
  }
  while (i < n) {
    const c = sql[i] as string
    const next = sql[i + 1]
    if (c === "'") {
      const escapes = i > 0 && /[eE]/.test(sql[i - 1] as string) && !/[\w$]/.test(sql[i - 2] ?? ' ')
      i++
      while (i < n) {
        if (escapes && sql[i] === '\\') i += 2
        else if (sql[i] === "'" && sql[i + 1] === "'") i += 2
        else if (sql[i] === "'") break
        else i++
      }
      i++
    } else if (c === '"') {
      const start = i
      i++
      while (i < n && !(sql[i] === '"' && sql[i + 1] !== '"')) i += sql[i] === '"' ? 2 : 1
      i++
      // A quoted name is still a word: `SET "TimeZone"` names the setting `SET TimeZone` does.
      words.push(
        sql
          .slice(start + 1, i - 1)
          .replaceAll('""', '"')
          .toLowerCase(),
      )
    } else if (c === '-' && next === '-') {
      while (i < n && sql[i] !== '\n') i++
    } else if (c === '/' && next === '*') {
      let depth = 1
      i += 2
      while (i < n && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++
          i += 2
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--
          i += 2
        } else i++
      }
    } else if (c === '$' && !/[\w$]/.test(sql[i - 1] ?? ' ') && /[A-Za-z_$]/.test(next ?? '')) {
      const tag = /^\$(?:[A-Za-z_]\w*)?\$/.exec(sql.slice(i))
      if (tag === null) i++
      else {
        const end = sql.indexOf(tag[0], i + tag[0].length)
        i = end < 0 ? n : end + tag[0].length
      }
    } else if (c === ':' && next === ':') {
      i += 2
    } else if (c === ':' && /[A-Za-z_]/.test(next ?? '')) {
      const name = /^[A-Za-z_]\w*/.exec(sql.slice(i + 1))?.[0] as string
      let index = named.get(name)
      if (index === undefined) named.set(name, (index = named.size + 1))
      emit(i, `$${index}`)
      i += 1 + name.length
      last = i
    } else if (c === '?') {
      if (next === '?') {
        emit(i, '?')
        i += 2
      } else {
        positional.push(i)
        emit(i, `$${positional.length}`)
        i++
      }
      last = i
    } else if (/[A-Za-z_]/.test(c)) {
      const word = /^[A-Za-z_][\w$]*/.exec(sql.slice(i))?.[0] as string
      words.push(word.toLowerCase())
      i += word.length
    } else {
      i++
    }
  }
  text += sql.slice(last)
  return { text, values: parameterValues(sql, params, positional.length, named), words }
}

function parameterValues(
  sql: string,
  params: SqlParams | undefined,
  positional: number,
  named: ReadonlyMap<string, number>,
): unknown[] {
  const mismatch = (what: string): SQLException =>
    new SQLException(
      `withSql: ${what} in: ${sql}. Pass one value per ? as an array, or the values of :name placeholders as an object.`,
      '07001',
    )
  if (positional > 0 && named.size > 0) throw mismatch('the statement mixes ? and :name placeholders')
  if (named.size > 0) {
    if (typeof params !== 'object' || params === null || Array.isArray(params))
      throw mismatch(
        `the statement has named placeholders (:${[...named.keys()].join(', :')}) but the values are not an object`,
      )
    const values = params as Readonly<Record<string, unknown>>
    const missing = [...named.keys()].filter((name) => !Object.hasOwn(values, name))
    if (missing.length > 0) throw mismatch(`no value for :${missing.join(', :')}`)
    return [...named.keys()].map((name) => values[name])
  }
  if (params === undefined) {
    if (positional > 0)
      throw mismatch(`the statement has ${positional} ? placeholder(s) but no values were given`)
    return []
  }
  if (!Array.isArray(params)) {
    if (positional > 0) throw mismatch('the statement has ? placeholders but the values are an object')
    return []
  }
  if (positional > 0 && params.length !== positional)
    throw mismatch(
      `the statement has ${positional} ? placeholder(s) but ${params.length} value(s) were given`,
    )
  return [...(params as readonly unknown[])]
}

/** Leading words of statements that end or nest transactions, which the host runs itself. */
const TRANSACTION_CONTROL: ReadonlySet<string> = new Set([
  'begin',
  'start',
  'commit',
  'end',
  'rollback',
  'abort',
  'savepoint',
  'release',
])

/** Session settings the host's own statements rely on. */
const HOST_SETTINGS: ReadonlySet<string> = new Set([
  'search_path',
  'timezone',
  'time',
  'datestyle',
  'intervalstyle',
  'transaction',
  'session',
  'role',
  'authorization',
  'characteristics',
  'all',
])

/**
 * Why the host refuses to run a native statement, or `undefined` when it runs it: statements that end or
 * nest transactions (the host runs them: `QueryHelper.withTransaction`, `sql.withTransaction`), and settings
 * its own statements rely on (`search_path`, `TimeZone`, `DateStyle`, `RESET ALL`, `DISCARD`).
 *
 * @param words - The statement's words ({@link PreparedSql.words}).
 * @returns The reason, for the message.
 * @internal
 */
export function refusalOf(words: readonly string[]): string | undefined {
  const [first = '', second = '', third = ''] = words
  if (TRANSACTION_CONTROL.has(first) || (first === 'prepare' && second === 'transaction'))
    return `${first.toUpperCase()} controls the transaction, which the host runs: use sql.withTransaction or QueryHelper.withTransaction`
  if (
    first === 'discard' ||
    ((first === 'set' || first === 'reset') &&
      HOST_SETTINGS.has(second === 'local' || second === 'session' ? third : second))
  )
    return `${[first, second].join(' ').toUpperCase()} changes a session setting the host's own statements rely on`
  return undefined
}

/** Words that make a statement write or lock rows. */
const WRITING: ReadonlySet<string> = new Set([
  'insert',
  'update',
  'delete',
  'merge',
  'into',
  'share',
  'truncate',
  'copy',
  'call',
  'lock',
])

/**
 * Whether a native statement only reads: a `SELECT` (`VALUES`, `TABLE`, `SHOW`, `EXPLAIN`, a `WITH` query)
 * that neither writes (`INSERT`, `UPDATE`, ... in a `WITH`), nor creates a table (`SELECT INTO`), nor locks
 * rows (`FOR UPDATE`, `FOR SHARE`). A function that writes, called from a `SELECT`, is not seen.
 *
 * @param words - The statement's words ({@link PreparedSql.words}).
 * @returns `true` for a read.
 * @internal
 */
export function isReadOnly(words: readonly string[]): boolean {
  const [first = ''] = words
  return (
    ['select', 'values', 'table', 'show', 'explain', 'with'].includes(first) &&
    !words.some((w) => WRITING.has(w))
  )
}
