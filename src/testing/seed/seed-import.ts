import type { QueryCondition } from '../../model/query-condition.js'
import type { HostData } from '../store/store.js'
import { validateQuery } from '../store/query/validate-query.js'
import type { DomainFacet } from '../facets/domain-facet.js'
import { describeValue } from '../domains/describe-value.js'
import { sameStoredValue } from '../domains/same-stored-value.js'
import { tryNormalizeFieldValue } from '../domains/normalize-field-value.js'
import {
  storedRowFrom,
  type DomainSchema,
  type FieldSchema,
  type StoredRow,
  type StoredValue,
  type StoredValues,
} from '../domains/schema.js'
import { fieldLayout } from '../domains/field-layout.js'
import type { SessionState } from '../host/host-context.js'
import { readRequest } from '../facets/request-data.js'
import { isReservedKey } from '../domains/safe-names.js'
import type { SeedProblem } from './seed-data-exception.js'
import { KeyBatches, recordKey, type RecordKey } from './seed-keys.js'
import { existsSync, readFileSync } from 'node:fs'
import { isAbsolute, resolve as resolvePath } from 'node:path'

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
  /** For `field(F)`: the cell is a file path whose content is the value. */
  readonly file: boolean
  /** For `ref.field` and `a.b.field`: the innermost domain's field to look the object up by. */
  readonly by?: FieldSchema
  /** For a reference path: the domains along it, the column's field's domain first. */
  readonly path?: readonly DomainSchema[]
  /** For a reference path: the DOMAIN_OBJECT field of each domain of `path` but the last, pointing at the next. */
  readonly links?: readonly FieldSchema[]
}

/** A header the import reads but does not write: `OVERWRITE_FLAG`, or a column it was told to ignore. */
type Skipped = { readonly skip: 'overwrite' | 'ignored' }

/** The platform's bookkeeping column: read by the import (whether a row may overwrite a changed object). */
export const OVERWRITE_FLAG = 'OVERWRITE_FLAG'

/** The cell that stands for the tenant's root organization's name. */
export const ROOT_ORG = '$ROOT_ORG$'

const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/
const MARKS = /\s*\((\*|F)\)\s*$/

/**
 * How the cells of one import are read beyond RFC 4180: where `field(F)` paths are found, what `$ROOT_ORG$`
 * stands for, how a FILE field's file is stored, and whether a column naming no field is ignored.
 */
export interface SeedCellRules {
  /** The folders a `field(F)` path is looked up in, in order (the tenant folder, then the data root). */
  readonly fileFolders: readonly string[]
  /** The name `$ROOT_ORG$` stands for: the tenant's root organization. */
  readonly rootOrganization: string
  /** Stores a file's bytes for a FILE field and returns its `StorageFieldValue`. */
  readonly storeFile: (path: string) => unknown
  /**
   * Whether a header naming no field of the domain is ignored (and listed in `ignoredColumns`) rather than a
   * problem of the file: the emulator's platform domains ignore the fields the platform's records have and
   * theirs do not.
   */
  readonly ignoreUnknownColumns: boolean
  /** How a re-import treats objects changed since their last import, if it does (the emulator's, SPEC §13.6). */
  readonly changes?: SeedChanges | undefined
}

/**
 * What a re-import of seed data on data that lasts asks about each object (SPEC §13.6): the emulator answers.
 *
 * @internal
 */
export interface SeedChanges {
  /**
   * Whether updating `existing` would overwrite a change made since its last import: the line is then a
   * conflict and writes nothing. `overwrite` is the line's `OVERWRITE_FLAG`.
   */
  conflicts(domain: string, existing: StoredRow, overwrite: boolean): boolean
  /** The object a line created, updated or left as it was, by id. */
  imported(domain: string, id: number): void
}

/**
 * The internal option of `host.importSeedCsv` that carries {@link SeedChanges}: a symbol, so that it is no
 * option a user can write.
 *
 * @internal
 */
export const SEED_CHANGES: unique symbol = Symbol('@tech-vendor/api seed changes')

/**
 * How `host.importSeedCsv` reads a file beyond RFC 4180.
 *
 * @example
 * ```ts
 * import { createTestHost } from '@tech-vendor/api/testing'
 *
 * using host = createTestHost({ domains: { Note: { fields: { title: 'STRING', body: 'STRING' } } } }).install()
 * host.importSeedCsv('Note', { path: 'data/Note.csv' }, { fileFolders: ['data', '.'] })
 * ```
 */
export interface SeedCsvOptions {
  /** The tenant to import into (default: the current one). */
  readonly tenant?: string
  /**
   * The folders a `field(F)` path is looked up in, in order (default: the CSV file's folder for `{ path }`, the
   * working directory for text).
   */
  readonly fileFolders?: readonly string[]
  /** What the cell `$ROOT_ORG$` stands for (default: the tenant's name, its root organization's). */
  readonly rootOrganization?: string
  /** Ignore (and list in `ignoredColumns`) a header that names no field, instead of refusing the file. */
  readonly ignoreUnknownColumns?: boolean
  /** Import line by line: a failed line is skipped and reported, the others imported. */
  readonly lineByLine?: boolean
}

/**
 * What a line-by-line import did: the counts, every failed line with its problems, and the columns ignored.
 *
 * @example
 * ```ts
 * import { createTestHost } from '@tech-vendor/api/testing'
 *
 * using host = createTestHost({ domains: { Tag: { fields: { name: 'STRING', pinned: 'BOOLEAN' } } } }).install()
 * const result = host.importSeedCsv('Tag', 'name(*),pinned\nurgent,Y\nlater,maybe\n', { lineByLine: true })
 * console.log(result.created, result.failed, result.failedLines[0]?.line) // 1 1 3
 * ```
 */
export interface SeedLineImportResult extends SeedImportResult {
  /** How many lines failed (each line once, however many problems it has). */
  readonly failed: number
  /** The problems of the failed lines, in file order (a line with several problems appears several times). */
  readonly failedLines: readonly SeedProblem[]
  /** The headers that named no field and were ignored, in file order. */
  readonly ignoredColumns: readonly string[]
}

/**
 * Imports seed records into a domain with the platform's conventions: `field(*)` key columns (update the
 * object with that key, else create one), `ref.field` and `a.b.field` columns resolved to the referenced
 * domain's object with that field value, `field(F)` file columns, booleans `Y`/`N`/`T`/`F`/`true`/`false` in
 * any case, the `NULL` cell, `$ROOT_ORG$`, and the `OVERWRITE_FLAG` column (read, not a field). Every record is
 * checked before it is written: a record with a problem writes nothing. The problems are returned: with
 * `lineByLine` the records without problems are written (the platform's start-up import); without it the
 * caller throws them and rolls the whole file back.
 *
 * Header problems (a header naming no field, or not a column name) are returned as `headerProblems`: they fail
 * the whole file either way.
 *
 * The records come in chunks, in file order (a CSV file's are read a chunk at a time, so that the import does
 * not hold the whole file's records); within a chunk the keys are read a batch at a time ({@link KeyBatches}).
 *
 * Runs in `session`; the caller wraps it in `atomically` so that a failure leaves nothing behind.
 */
export function importSeedRecords(
  data: HostData,
  domains: DomainFacet,
  session: SessionState,
  schema: DomainSchema,
  chunks: Iterable<readonly SeedRecord[]>,
  rules: SeedCellRules,
): {
  result: SeedImportResult
  problems: SeedProblem[]
  headerProblems: SeedProblem[]
  ignoredColumns: string[]
} {
  const problems: SeedProblem[] = []
  const headerProblems: SeedProblem[] = []
  const ignoredColumns: string[] = []
  const headers = new Map<string, Column | Skipped | string>()
  let created = 0
  let updated = 0
  let unchanged = 0
  // Once for the import, not per record: what each record's references are checked against.
  const references = domains.references(session)
  // The keys are read a batch of records at a time; the batch reads the headers for itself, so that a header's
  // problem is still reported at the first record that has it.
  const keyHeaders = new Map<string, Column | Skipped | string>()
  for (const records of chunks) {
    const existingRows = new KeyBatches(data, session, schema, records.length, (index) =>
      plainKeyOf(data.schemas, schema, records[index] as SeedRecord, rules, keyHeaders),
    )
    for (let index = 0; index < records.length; index++) {
      const record = records[index] as SeedRecord
      const before = problems.length
      const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>
      const keys: QueryCondition[] = []
      // The key's plain columns, for its batched lookup: none when a key column is a reference.
      const keyNames: string[] = []
      const keyValues: unknown[] = []
      const keyStored: StoredValue[] = []
      let referenceKey = false
      const seen = new Set<string>()
      const files: { name: string; path: string }[] = []
      let overwrite = false
      for (const cell of record.cells) {
        let column = headers.get(cell.header)
        if (column === undefined) {
          headers.set(cell.header, (column = parseHeader(data.schemas, schema, cell.header, rules)))
          if (typeof column === 'string')
            headerProblems.push({ line: record.headerLine, column: cell.column, message: column })
          else if ('skip' in column && column.skip === 'ignored') ignoredColumns.push(cell.header.trim())
        }
        if (typeof column === 'object' && 'skip' in column && column.skip === 'overwrite')
          overwrite = isOverwrite(cell)
        if (typeof column === 'string' || 'skip' in column) continue
        const name = column.field.name
        // A `seed` row's undefined value is no value, as createDomain reads it: the field keeps its default.
        if (!cell.text && cell.value === undefined && !column.key) continue
        // An empty unquoted CSV cell is no value too: a create takes the field's default, an update keeps it.
        if (cell.text && cell.value === '' && !cell.quoted && !column.key) continue
        if (seen.has(name)) {
          problems.push(at(record, cell.column, `${name} is set by two columns; keep one`))
          continue
        }
        seen.add(name)
        const lookup = column.by ?? column.field
        let converted: unknown
        if (column.file && cell.text && !isNullCell(cell)) {
          const found = findFile(cell.value as string, rules.fileFolders)
          if (typeof found !== 'string') {
            problems.push(at(record, cell.column, `${cell.header}: ${found.problem}`))
            continue
          }
          if (column.field.type === 'FILE') {
            files.push({ name, path: found })
            continue
          }
          const text = readFileText(found)
          converted = typeof text === 'string' ? fromValue(lookup, text) : text
        } else converted = cell.text ? fromText(lookup, cell, rules) : fromValue(lookup, cell.value)
        if (typeof converted === 'object' && converted !== null && 'problem' in converted) {
          problems.push(at(record, cell.column, `${cell.header}: ${String(converted.problem)}`))
          continue
        }
        let value: unknown = converted
        if (column.by !== undefined && value !== null) {
          const resolved = resolveReference(data, session, column, value)
          if (typeof resolved === 'string') {
            problems.push(at(record, cell.column, `${cell.header}: ${resolved}`))
            continue
          }
          value = resolved
        }
        if (column.key) {
          if (value === null) {
            problems.push(
              at(
                record,
                cell.column,
                `${cell.header} is a key column and is empty; every record needs its key`,
              ),
            )
            continue
          }
          // The key is looked up before the record is validated: a value the field cannot hold is this cell's problem.
          const check =
            column.by === undefined ? tryNormalizeFieldValue(column.field, value, schema.name) : null
          if (check !== null && !check.ok) {
            problems.push(at(record, cell.column, `${cell.header}: ${check.message}`))
            continue
          }
          keys.push({ operator: 'eq', field: name, value: value as never })
          if (check === null) referenceKey = true
          else {
            keyNames.push(name)
            keyValues.push(value)
            keyStored.push(check.value)
          }
        }
        values[name] = value
      }
      if (problems.length > before) continue
      for (const file of files) values[file.name] = rules.storeFile(file.path)
      let existing: StoredRow | undefined
      if (keys.length > 0) {
        const key = referenceKey ? undefined : recordKey(schema, keyNames, keyValues, keyStored)
        const rows = existingRows.rows(index, key, keys)
        if (rows.length > 1) {
          problems.push(
            at(
              record,
              0,
              `the key matches ${rows.length} ${schema.name} objects (ids ${rows.map((r) => r.id).join(', ')}); make the key columns unique`,
            ),
          )
          continue
        }
        existing = rows[0]
      }
      const read = readRequest(schema, values, references, existing)
      if (read.errors.length > 0) {
        for (const error of read.errors) {
          const cell = record.cells.find((c) => {
            const parsed = headers.get(c.header)
            return typeof parsed === 'object' && 'field' in parsed && parsed.field.name === error.field
          })
          problems.push(
            at(
              record,
              cell?.column ?? 0,
              cell === undefined
                ? `${error.message} (the file has no ${error.field} column)`
                : `${cell.header}: ${error.message}`,
            ),
          )
        }
        continue
      }
      if (existing === undefined) {
        const id = data.nextId()
        const row = storedRowFrom(schema, id, read.values)
        data.write(session, schema.name, id, row)
        existingRows.written(row)
        rules.changes?.imported(schema.name, id)
        created++
      } else if (sameValues(schema, existing, read.values)) {
        rules.changes?.imported(schema.name, existing.id)
        unchanged++
      } else if (rules.changes?.conflicts(schema.name, existing, overwrite) === true) {
        // Changed since its import: it keeps its value (the caller counts the conflict).
      } else {
        const row = storedRowFrom(schema, existing.id, read.values, existing)
        data.write(session, schema.name, existing.id, row)
        existingRows.written(existing)
        existingRows.written(row)
        rules.changes?.imported(schema.name, existing.id)
        updated++
      }
    }
  }
  return { result: { created, updated, unchanged }, problems, headerProblems, ignoredColumns }
}

/** A problem on a record's line (a function, not a closure made for every record). */
function at(record: SeedRecord, column: number, message: string): SeedProblem {
  return { line: record.line, column, message }
}

/**
 * A record's key for its batched lookup, read from its cells as the import reads them, or `undefined` when it
 * has no key, a key column is a reference or a file column, or a key cell is a problem (the record then looks
 * its key up alone, or fails). Has no side effects: headers are parsed into `headers`, not reported.
 */
function plainKeyOf(
  schemas: ReadonlyMap<string, DomainSchema>,
  schema: DomainSchema,
  record: SeedRecord,
  rules: SeedCellRules,
  headers: Map<string, Column | Skipped | string>,
): RecordKey | undefined {
  let names: string[] | undefined
  const values: unknown[] = []
  const stored: StoredValue[] = []
  for (const cell of record.cells) {
    let column = headers.get(cell.header)
    if (column === undefined)
      headers.set(cell.header, (column = parseHeader(schemas, schema, cell.header, rules)))
    if (typeof column === 'string' || 'skip' in column || !column.key) continue
    if (column.by !== undefined || column.file) return undefined
    const value = cell.text ? fromText(column.field, cell, rules) : fromValue(column.field, cell.value)
    if (value === null || (typeof value === 'object' && 'problem' in value)) return undefined
    const check = tryNormalizeFieldValue(column.field, value, schema.name)
    if (!check.ok) return undefined
    names ??= []
    if (names.includes(column.field.name)) return undefined
    names.push(column.field.name)
    values.push(value)
    stored.push(check.value)
  }
  return names === undefined ? undefined : recordKey(schema, names, values, stored)
}

/** Whether a stored row already holds every value a record sets. */
function sameValues(schema: DomainSchema, existing: StoredRow, values: StoredValues): boolean {
  const { fields } = fieldLayout(schema)
  for (let i = 0; i < values.length; i++) {
    const value = values[i]
    if (value !== undefined && !sameStoredValue(existing[(fields[i] as FieldSchema).name], value))
      return false
  }
  return true
}

/** Whether an `OVERWRITE_FLAG` cell says to overwrite: `Y`, `T` or `true`, in any case. */
function isOverwrite(cell: SeedCell): boolean {
  return typeof cell.value === 'string' ? /^(y|t|true)$/i.test(cell.value.trim()) : cell.value === true
}

/** Whether a CSV cell is the platform's `NULL`: unquoted, so that `"NULL"` stays the text. */
function isNullCell(cell: SeedCell): boolean {
  return cell.text && !cell.quoted && cell.value === 'NULL'
}

/**
 * The object a reference column's value names: for `ref.field`, the referenced domain's one object whose field
 * has the value; for a longer path `a.b.field`, the innermost domain's object first, then the one object of
 * each domain before it that references the object found, back to the column's own field.
 */
function resolveReference(
  data: HostData,
  session: SessionState,
  column: Column,
  value: unknown,
): { id: number } | string {
  const by = column.by as FieldSchema
  const path = column.path as readonly DomainSchema[]
  const links = column.links as readonly FieldSchema[]
  const innermost = path[path.length - 1] as DomainSchema
  const check = tryNormalizeFieldValue(by, value, innermost.name)
  if (!check.ok) return check.message
  let found: { id: number } | undefined
  for (let i = path.length - 1; i >= 0; i--) {
    const domain = path[i] as DomainSchema
    const field = i === path.length - 1 ? by.name : (links[i] as FieldSchema).name
    const given = i === path.length - 1 ? value : found
    const { rows } = data.select(
      session,
      domain.name,
      validateQuery(domain, { and: true, conditions: [{ operator: 'eq', field, value: given as never }] }),
    )
    const what =
      i === path.length - 1
        ? `${field} ${describeValue(value)}`
        : `${field} ${(path[i + 1] as DomainSchema).name} ${found?.id}`
    if (rows.length !== 1) {
      return rows.length === 0
        ? `no ${domain.name} has ${what}; import ${domain.name} first or fix the value`
        : `${rows.length} ${domain.name} objects (ids ${rows.map((r) => r.id).join(', ')}) have ${what}; reference them by a unique field`
    }
    found = { id: (rows[0] as StoredRow).id }
  }
  return found as { id: number }
}

/** The path of a `field(F)` cell's file: the first of the folders that holds it. */
function findFile(path: string, folders: readonly string[]): string | { problem: string } {
  if (path.trim() === '')
    return { problem: 'the cell names no file; write a path relative to the tenant folder or the data root' }
  if (isAbsolute(path)) return existsSync(path) ? path : { problem: `no file ${path}` }
  for (const folder of folders) {
    const candidate = resolvePath(folder, path)
    if (existsSync(candidate)) return candidate
  }
  return {
    problem: `no file ${JSON.stringify(path)} in ${folders.length === 0 ? 'the working directory' : folders.join(' or ')}; a file column's path is relative to the tenant folder, else to the data root`,
  }
}

/** A file's text, as a `field(F)` column's value. */
function readFileText(path: string): unknown {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    return { problem: `cannot read ${path}: ${(error as Error).message}` }
  }
}

/** The column a header names, a column the import reads but does not write, or why it cannot be used. */
function parseHeader(
  schemas: ReadonlyMap<string, DomainSchema>,
  schema: DomainSchema,
  header: string,
  rules: SeedCellRules,
): Column | Skipped | string {
  let rest = header.trim()
  let key = false
  let file = false
  for (let mark = MARKS.exec(rest); mark !== null; mark = MARKS.exec(rest)) {
    if (mark[1] === '*') key = true
    else file = true
    rest = rest.slice(0, mark.index)
  }
  if (rest === OVERWRITE_FLAG && !key && !file) return { skip: 'overwrite' }
  const names = rest.split('.')
  if (!names.every((n) => NAME.test(n))) {
    return `header ${JSON.stringify(header)} is not a column name: write field, field(*) for a key, field(F) for a file column, or ref.field for a reference`
  }
  if (names.some((n) => isReservedKey(n))) {
    return `header ${JSON.stringify(header)} names a reserved property that would reach an object's prototype`
  }
  const [name = '', ...along] = names
  if (name === 'id')
    return 'the id column is refused: the platform assigns ids. Mark a field of your own as the key, such as name(*)'
  const field = schema.fields.get(name)
  if (field === undefined) {
    if (rules.ignoreUnknownColumns) return { skip: 'ignored' }
    return `${schema.name} has no field ${JSON.stringify(name)}; its fields are: ${[...schema.fields.keys()].filter((f) => f !== 'id').join(', ')}`
  }
  if (along.length > 0) {
    if (field.type !== 'DOMAIN_OBJECT') {
      return `${header}: ${name} is a ${field.type} field; only a DOMAIN_OBJECT field takes a ref.field column`
    }
    const path: DomainSchema[] = [schemas.get(field.domain as string) as DomainSchema]
    const links: FieldSchema[] = []
    for (const step of along.slice(0, -1)) {
      const domain = path[path.length - 1] as DomainSchema
      const link = domain.fields.get(step)
      if (link === undefined || link.type !== 'DOMAIN_OBJECT') {
        if (link === undefined && rules.ignoreUnknownColumns) return { skip: 'ignored' }
        return `${header}: ${domain.name} has no reference field ${JSON.stringify(step)} to follow; a longer path a.b.field goes through DOMAIN_OBJECT fields`
      }
      links.push(link)
      path.push(schemas.get(link.domain as string) as DomainSchema)
    }
    const target = path[path.length - 1] as DomainSchema
    const lookup = target.fields.get(along[along.length - 1] as string)
    if (
      lookup === undefined ||
      lookup.type === 'DOMAIN_OBJECT' ||
      lookup.type === 'DOMAIN_OBJECT_LIST' ||
      lookup.type === 'FILE'
    ) {
      if (lookup === undefined && rules.ignoreUnknownColumns) return { skip: 'ignored' }
      return `${header}: look the ${target.name} up by one of its plain fields (${[...target.fields.values()]
        .filter((f) => f.type !== 'DOMAIN_OBJECT' && f.type !== 'DOMAIN_OBJECT_LIST' && f.type !== 'FILE')
        .map((f) => f.name)
        .join(', ')})`
    }
    if (file) return `${header}: a reference column cannot be a file column; drop (F)`
    return { field, key, file, by: lookup, path, links }
  }
  if (field.type === 'DOMAIN_OBJECT') {
    return `${header}: ${name} references a ${field.domain}; name the ${field.domain} field to look it up by, such as ${name}.id or ${name}.<field>`
  }
  if (field.type === 'DOMAIN_OBJECT_LIST') {
    return `${header}: ${field.type} fields cannot be set from seed data; set them in code after the import`
  }
  if (field.type === 'FILE' && !file) {
    return `${header}: ${name} is a FILE field; write the header ${name}(F) and the file's path in the cells (relative to the tenant folder or the data root)`
  }
  return { field, key, file }
}

/** A CSV cell as the value its field takes, or why not: `NULL` is null, `$ROOT_ORG$` the root organization. */
function fromText(field: FieldSchema, cell: SeedCell, rules: SeedCellRules): unknown {
  const text = cell.value as string
  if (text === '' && !cell.quoted) return null
  if (isNullCell(cell)) return null
  if (text === ROOT_ORG && !cell.quoted) return fromValue(field, rules.rootOrganization)
  if (field.type === 'STRING' || field.type === 'JSON_STRING') return text
  return fromValue(field, text.trim())
}

/** A seed value as the value its field takes: text is parsed as a CSV cell would be. */
function fromValue(field: FieldSchema, value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null
  switch (field.type) {
    case 'BOOLEAN': {
      const boolean = seedBoolean(value)
      if (boolean !== undefined) return boolean
      return { problem: `${describeValue(value)} is not a boolean; write Y, T or true, N, F or false` }
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

/**
 * A seed cell's boolean: `Y`, `T` and `true` are true, `N`, `F` and `false` false, in any case.
 *
 * @param text - The cell's text.
 * @returns The boolean, or `undefined` for any other text.
 * @internal
 */
export function seedBoolean(text: string): boolean | undefined {
  const lower = text.toLowerCase()
  if (lower === 'y' || lower === 't' || lower === 'true') return true
  if (lower === 'n' || lower === 'f' || lower === 'false') return false
  return undefined
}
