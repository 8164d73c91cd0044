import type { FieldSchema, StoredValue } from '../../domains/schema.js'
import type { ValidCondition, ValidPage, ValidQuery } from '../query/valid-query.js'
import { arrayLiteral } from './array-literal.js'
import { quoteName } from './sql-name.js'
import type { Statement } from './statement.js'
import { encodeStored } from './stored-values.js'
import type { TableSql } from './table-sql.js'
import { IllegalArgumentException } from '../../../errors/illegal-argument-exception.js'
import { ANY_ONE, ANY_RUN, type LikePattern } from '../query/like-pattern.js'

/**
 * The longest run of an `iLike` pattern between two `%` (or an end) that a SQL store sends, in characters.
 * PostgreSQL's LIKE matcher can take the text times such a run for a text built against it, and neither PGlite
 * (single-threaded WebAssembly, where `statement_timeout` cannot fire) nor the bridge to a server (which waits
 * for the answer) may be held that long by one search: a longer run is refused (OWASP API4). The memory store
 * matches any length in bounded work.
 *
 * @internal
 */
export const SQL_LIKE_MAX_RUN = 256

/**
 * The statement of a select: the rows of one domain in one tenant that match a validated query, in the page's
 * order, with `count(*) over ()` (every match, before the page is cut) as a last column when there is a page.
 * Without a page, every match in id order.
 *
 * PostgreSQL decides what matches and in which order: three-valued logic, `ILIKE` with `\` as the escape,
 * the column's collation, nulls last ascending and first descending, ties broken by id. The limit is
 * Hibernate's: 0 means no limit (`LimitHelper.hasMaxRows`), as on the platform (docs/semantics.md).
 *
 * @param table - The domain's table.
 * @param tenant - The tenant whose rows to read.
 * @param query - The validated query; it must not be `matchesNothing` (the caller answers that itself).
 * @param page - The validated page, if any.
 * @returns The statement.
 * @internal
 */
export function compileSelect(
  table: TableSql,
  tenant: string,
  query: ValidQuery,
  page?: ValidPage,
): Statement {
  const params: (string | null)[] = [tenant]
  const where = whereClause(table, query, params)
  if (page === undefined) {
    return {
      text: `SELECT ${table.selectList} FROM ${table.name} t WHERE ${where} ORDER BY t.id`,
      params,
      repeated: true,
    }
  }
  const direction = page.asc ? 'ASC' : 'DESC'
  const order = page.orderBy.map((field) => `${columnOf(table, field)} ${direction}`)
  order.push(`t.id ${page.byId && !page.asc ? 'DESC' : 'ASC'}`)
  params.push(page.limit === 0 ? null : String(page.limit), String(page.offset))
  return {
    text:
      `SELECT ${table.selectList}, count(*) OVER () FROM ${table.name} t WHERE ${where} ` +
      `ORDER BY ${order.join(', ')} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
    repeated: true,
  }
}

/**
 * The statement that counts the rows of one domain in one tenant matching a validated query.
 *
 * @param table - The domain's table.
 * @param tenant - The tenant.
 * @param query - The validated query (not `matchesNothing`).
 * @returns The statement; its one row holds the count.
 * @internal
 */
export function compileCount(table: TableSql, tenant: string, query: ValidQuery): Statement {
  const params: (string | null)[] = [tenant]
  const where = whereClause(table, query, params)
  return { text: `SELECT count(*) FROM ${table.name} t WHERE ${where}`, params, repeated: true }
}

/**
 * The statement that reads the row with an id in one tenant.
 *
 * @param table - The domain's table.
 * @param tenant - The tenant.
 * @param id - The id.
 * @returns The statement; no row when the tenant has no such row.
 * @internal
 */
export function compileGet(table: TableSql, tenant: string, id: number): Statement {
  return {
    text: `SELECT ${table.selectList} FROM ${table.name} t WHERE t.tenant_id = $1 AND t.id = $2`,
    params: [tenant, String(id)],
    repeated: true,
  }
}

function whereClause(table: TableSql, query: ValidQuery, params: (string | null)[]): string {
  if (query.matchesEverything || query.conditions.length === 0) return 't.tenant_id = $1'
  const conditions = query.conditions.map((condition) => conditionSql(table, condition, params))
  return `t.tenant_id = $1 AND (${conditions.join(query.and ? ' AND ' : ' OR ')})`
}

function conditionSql(table: TableSql, condition: ValidCondition, params: (string | null)[]): string {
  const { field } = condition
  const param = (text: string | null, cast: string): string => {
    params.push(text)
    return `$${params.length}::${cast}`
  }
  switch (condition.kind) {
    case 'presence': {
      if (field.type === 'DOMAIN_OBJECT_LIST') {
        // A collection has no SQL null: no element is what "no value" is (GORM's isEmpty).
        const index = table.mapping.lists.findIndex((l) => l.field === field)
        const list = table.mapping.lists[index]
        const exists =
          `EXISTS (SELECT 1 FROM ${table.listTables[index] as string} j ` +
          `WHERE j.${quoteName(list?.ownerColumn as string)} = t.id AND j.tenant_id = t.tenant_id)`
        return condition.isNull ? `NOT ${exists}` : exists
      }
      return `${columnOf(table, field)} IS ${condition.isNull ? '' : 'NOT '}NULL`
    }
    case 'compare': {
      const operator = OPERATORS[condition.operator]
      return `${columnOf(table, field)} ${operator} ${param(encodeStored(field, condition.value), castOf(field, [condition.value]))}`
    }
    case 'member': {
      const cast = castOf(field, condition.values)
      const elements = condition.values.map((value) => encodeStored(field, value))
      const test = `${columnOf(table, field)} = ANY(${param(arrayLiteral(elements), `${cast}[]`)})`
      return condition.negated ? `NOT (${test})` : test
    }
    case 'like': {
      checkLikeRuns(condition.pattern, `${table.mapping.schema.name}.${field.name}`)
      params.push(condition.pattern.text)
      const test = `${columnOf(table, field)}${table.likeCollate} ILIKE $${params.length}`
      return condition.negated ? `NOT (${test})` : test
    }
  }
}

/** Refuses a pattern with a run longer than {@link SQL_LIKE_MAX_RUN}, saying what to do instead. */
function checkLikeRuns(pattern: LikePattern, where: string): void {
  let run = 0
  let longest = 0
  for (const item of pattern.items) {
    run = item === ANY_RUN ? 0 : run + (item === ANY_ONE ? 1 : [...item].length)
    longest = Math.max(longest, run)
  }
  if (longest > SQL_LIKE_MAX_RUN) {
    throw new IllegalArgumentException(
      `iLike on ${where}: the pattern holds a run of ${longest} characters without %, and a SQL store takes runs of ${SQL_LIKE_MAX_RUN} at most, ` +
        'so that one search cannot hold the database (its LIKE can take the text times the run). Search for a shorter part of the text.',
    )
  }
}

const OPERATORS = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' } as const

function columnOf(table: TableSql, field: FieldSchema): string {
  const column = table.mapping.columns.find((c) => c.field === field)
  return `t.${quoteName(column?.column as string)}`
}

/** The type condition values are cast to: the column's, or `numeric` for an INTEGER or LONG compared with a fraction. */
function castOf(field: FieldSchema, values: readonly StoredValue[]): string {
  switch (field.type) {
    case 'INTEGER':
    case 'LONG':
      // A condition compares numerically, so `qty < 9.5` holds for 9 (docs/semantics.md).
      return values.every((v) => Number.isSafeInteger(v)) ? 'bigint' : 'numeric'
    case 'DOMAIN_OBJECT':
      return 'bigint'
    case 'DOUBLE':
      return 'double precision'
    case 'BIG_DECIMAL':
      return 'numeric'
    case 'BOOLEAN':
      return 'boolean'
    case 'LOCAL_DATE':
      return 'date'
    case 'ZONED_DATETIME':
      return 'timestamptz'
    default:
      return 'text'
  }
}
