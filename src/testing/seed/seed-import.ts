import type { QueryCondition } from '../../model/query-condition.js'
import type { HostData } from '../store/store.js'
import { validateQuery } from '../store/query/validate-query.js'
import type { DomainFacet } from '../facets/domain-facet.js'
import { describeValue } from '../domains/describe-value.js'
import { sameStoredValue } from '../domains/same-stored-value.js'
import { tryNormalizeFieldValue } from '../domains/normalize-field-value.js'
import { storedRowFrom, type DomainSchema, type FieldSchema, type StoredRow } from '../domains/schema.js'
import type { SessionState } from '../host/host-context.js'
import { readRequest } from '../facets/request-data.js'
import { isReservedKey } from '../domains/safe-names.js'
import type { SeedProblem } from './seed-data-exception.js'

/** One cell of a seed record: its header, its value, and where it is. */
export interface SeedCell {
  /** The header of its column, such as `name(*)` or `customer.name`. */
  readonly header: string
  /** The 1-based column. */
  readonly column: number
  /** The value: CSV text, or a JavaScript value from `options.seed`. */
  readonly value: unknown
  /** `true` for CSV text, where an unquoted empty cell is no value. */
  readonly text: boolean
  /** For CSV text: whether the cell was quoted (`""` is an empty string). */
  readonly quoted: boolean
}

/** One seed record: its line and its cells. */
export interface SeedRecord {
  readonly line: number
  readonly cells: readonly SeedCell[]
  /** The line of the header the record's columns come from (for header problems). */
  readonly headerLine: number
}

/**
 * How many records of an import created an object, changed one, and found one as they would leave it.
 *
 * @example
 * ```ts
 * import { createTestHost } from '@tech-vendor/api/testing'
 *
 * using host = createTestHost({ domains: { Tag: { fields: { name: 'STRING' } } } }).install()
 * const result = host.importSeedCsv('Tag', 'name(*)\nurgent\nlater\n')
 * console.log(result.created, result.updated, result.unchanged) // 2 0 0
 * console.log(host.importSeedCsv('Tag', 'name(*)\nurgent\nlater\n').unchanged) // 2
 * ```
 */
export interface SeedImportResult {
  /** Objects created (no object had the key, or the file has no key column). */
  readonly created: number
  /** Objects updated: an object had the key, and the record changed at least one of its fields. */
  readonly updated: number
  /** Objects left as they were: an object had the key and already held every value of the record. */
  readonly unchanged: number
}

/** A parsed header: the field it sets, whether it is a key, and the referenced field of a `ref.field` column. */
interface Column {
  readonly field: FieldSchema
  readonly key: boolean
  /** For `ref.field`: the referenced domain's field to look the object up by. */
  readonly by?: FieldSchema
  readonly target?: DomainSchema
}

const HEADER = /^([A-Za-z_$][A-Za-z0-9_$]*)(?:\.([A-Za-z_$][A-Za-z0-9_$]*))?\s*(\(\*\))?$/

/**
 * Imports seed records into a domain with the platform's conventions: `field(*)` key columns (update the
 * object with that key, else create one), `ref.field` columns resolved to the referenced domain's object
 * with that field value, booleans `T`/`true`/`F`/`false`. Every record is checked; with any problem,
 * nothing is written and the problems are returned.
 *
 * Runs in `session`; the caller wraps it in `atomically` so that a failure leaves nothing behind.
 */
export function importSeedRecords(
  data: HostData,
  domains: DomainFacet,
  session: SessionState,
  schema: DomainSchema,
  records: readonly SeedRecord[],
): { result: SeedImportResult; problems: SeedProblem[] } {
  const problems: SeedProblem[] = []
  const headers = new Map<string, Column | string>()
  const reportedHeaders = new Set<string>()
  let created = 0
  let updated = 0
  let unchanged = 0
  for (const record of records) {
    const before = problems.length
    const problem = (column: number, message: string): void =>
      void problems.push({ line: record.line, column, message })
    const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>
    const keys: QueryCondition[] = []
    const seen = new Set<string>()
    for (const cell of record.cells) {
      let column = headers.get(cell.header)
      if (column === undefined)
        headers.set(cell.header, (column = parseHeader(data.schemas, schema, cell.header)))
      if (typeof column === 'string') {
        if (!reportedHeaders.has(cell.header)) {
          reportedHeaders.add(cell.header)
          problems.push({ line: record.headerLine, column: cell.column, message: column })
        }
        continue
      }
      const name = column.field.name
      // A `seed` row's undefined value is no value, as createDomain reads it: the field keeps its default.
      if (!cell.text && cell.value === undefined && !column.key) continue
      if (seen.has(name)) {
        problem(cell.column, `${name} is set by two columns; keep one`)
        continue
      }
      seen.add(name)
      const lookup = column.by ?? column.field
      const converted = cell.text ? fromText(lookup, cell) : fromValue(lookup, cell.value)
      if (typeof converted === 'object' && converted !== null && 'problem' in converted) {
        problem(cell.column, `${cell.header}: ${String(converted.problem)}`)
        continue
      }
      let value: unknown = converted
      if (column.by !== undefined && column.target !== undefined && value !== null) {
        const check = tryNormalizeFieldValue(column.by, value, column.target.name)
        if (!check.ok) {
          problem(cell.column, `${cell.header}: ${check.message}`)
          continue
        }
        const { rows } = data.select(
          session,
          column.target.name,
          validateQuery(column.target, {
            and: true,
            conditions: [{ operator: 'eq', field: column.by.name, value }],
          }),
        )
        if (rows.length !== 1) {
          problem(
            cell.column,
            rows.length === 0
              ? `${cell.header}: no ${column.target.name} has ${column.by.name} ${describeValue(value)}; import ${column.target.name} first or fix the value`
              : `${cell.header}: ${rows.length} ${column.target.name} objects (ids ${rows.map((r) => r.id).join(', ')}) have ${column.by.name} ${describeValue(value)}; reference them by a unique field`,
          )
          continue
        }
        value = { id: (rows[0] as StoredRow).id }
      }
      if (column.key) {
        if (value === null) {
          problem(cell.column, `${cell.header} is a key column and is empty; every record needs its key`)
          continue
        }
        // The key is looked up before the record is validated: a value the field cannot hold is this cell's problem.
        const check =
          column.by === undefined ? tryNormalizeFieldValue(column.field, value, schema.name) : null
        if (check !== null && !check.ok) {
          problem(cell.column, `${cell.header}: ${check.message}`)
          continue
        }
        keys.push({ operator: 'eq', field: name, value: value as never })
      }
      values[name] = value
    }
    if (problems.length > before) continue
    let existing: StoredRow | undefined
    if (keys.length > 0) {
      const { rows } = data.select(
        session,
        schema.name,
        validateQuery(schema, { and: true, conditions: keys }),
      )
      if (rows.length > 1) {
        problem(
          0,
          `the key matches ${rows.length} ${schema.name} objects (ids ${rows.map((r) => r.id).join(', ')}); make the key columns unique`,
        )
        continue
      }
      existing = rows[0]
    }
    const request = Object.fromEntries(Object.entries(values))
    const read = readRequest(schema, request, domains.references(session), existing)
    if (read.errors.length > 0) {
      for (const error of read.errors) {
        const cell = record.cells.find((c) => {
          const parsed = headers.get(c.header)
          return typeof parsed === 'object' && parsed.field.name === error.field
        })
        problem(
          cell?.column ?? 0,
          cell === undefined
            ? `${error.message} (the file has no ${error.field} column)`
            : `${cell.header}: ${error.message}`,
        )
      }
      continue
    }
    if (existing === undefined) {
      const id = data.nextId()
      data.write(session, schema.name, id, storedRowFrom(schema, id, read.values))
      created++
    } else if ([...read.values].every(([field, value]) => sameStoredValue(existing[field], value))) {
      unchanged++
    } else {
      data.write(session, schema.name, existing.id, storedRowFrom(schema, existing.id, read.values, existing))
      updated++
    }
  }
  return { result: { created, updated, unchanged }, problems }
}

/** The column a header names, or why it cannot be used. */
function parseHeader(
  schemas: ReadonlyMap<string, DomainSchema>,
  schema: DomainSchema,
  header: string,
): Column | string {
  const match = HEADER.exec(header.trim())
  if (match === null) {
    return `header ${JSON.stringify(header)} is not a column name: write field, field(*) for a key, or ref.field for a reference`
  }
  const [, name = '', by, star] = match
  if (isReservedKey(name) || (by !== undefined && isReservedKey(by))) {
    return `header ${JSON.stringify(header)} names a reserved property that would reach an object's prototype`
  }
  if (name === 'id')
    return 'the id column is refused: the platform assigns ids. Mark a field of your own as the key, such as name(*)'
  const field = schema.fields.get(name)
  if (field === undefined) {
    return `${schema.name} has no field ${JSON.stringify(name)}; its fields are: ${[...schema.fields.keys()].filter((f) => f !== 'id').join(', ')}`
  }
  const key = star !== undefined
  if (by !== undefined) {
    if (field.type !== 'DOMAIN_OBJECT') {
      return `${header}: ${name} is a ${field.type} field; only a DOMAIN_OBJECT field takes a ref.field column`
    }
    const target = schemas.get(field.domain as string) as DomainSchema
    const lookup = target.fields.get(by)
    if (
      lookup === undefined ||
      lookup.type === 'DOMAIN_OBJECT' ||
      lookup.type === 'DOMAIN_OBJECT_LIST' ||
      lookup.type === 'FILE'
    ) {
      return `${header}: look the ${target.name} up by one of its plain fields (${[...target.fields.values()]
        .filter((f) => f.type !== 'DOMAIN_OBJECT' && f.type !== 'DOMAIN_OBJECT_LIST' && f.type !== 'FILE')
        .map((f) => f.name)
        .join(', ')})`
    }
    return { field, key, by: lookup, target }
  }
  if (field.type === 'DOMAIN_OBJECT') {
    return `${header}: ${name} references a ${field.domain}; name the ${field.domain} field to look it up by, such as ${name}.id or ${name}.<field>`
  }
  if (field.type === 'DOMAIN_OBJECT_LIST' || field.type === 'FILE') {
    return `${header}: ${field.type} fields cannot be set from seed data; set them in code after the import`
  }
  return { field, key }
}

/** A CSV cell as the value its field takes, or why not. */
function fromText(field: FieldSchema, cell: SeedCell): unknown {
  const text = cell.value as string
  if (text === '' && !cell.quoted) return null
  if (field.type === 'STRING' || field.type === 'JSON_STRING') return text
  return fromValue(field, text.trim())
}

/** A seed value as the value its field takes: text is parsed as a CSV cell would be. */
function fromValue(field: FieldSchema, value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null
  switch (field.type) {
    case 'BOOLEAN': {
      const lower = value.toLowerCase()
      if (lower === 't' || lower === 'true') return true
      if (lower === 'f' || lower === 'false') return false
      return { problem: `${describeValue(value)} is not a boolean; write T, true, F or false` }
    }
    case 'INTEGER':
    case 'LONG':
      if (!/^[+-]?\d+$/.test(value)) return { problem: `${describeValue(value)} is not an integer` }
      return Number(value)
    case 'DOUBLE': {
      const number = Number(value)
      if (value === '' || !Number.isFinite(number))
        return { problem: `${describeValue(value)} is not a number` }
      return number
    }
    default:
      return value
  }
}
