import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import type { DomainDefinition, FieldDefinition } from '../../testing/index.js'
import { FIELD_TYPES, type FieldType } from '../../testing/domains/field-types.js'
import { parseCsv, type CsvRecord } from '../../testing/seed/csv.js'
import { seedBoolean } from '../../testing/seed/seed-import.js'
import { domainOfFile, type SeedFolderPlan } from './seed-folder.js'

/** A field of the model as one tenant folder defines it, with where. */
interface ModelField {
  readonly domain: string
  readonly name: string
  readonly definition: FieldDefinition
}

/**
 * The application's dynamic domains that a data folder's `DomainClass.csv` and `DomainClassField.csv` define
 * (§13.4): `nullable` false makes a field required, `options` (a JSON array) lists the values it may take,
 * `defaultValue` is its default, `referenceDomain.shortName` the domain a reference points at. Domains are the
 * same in every tenant: two tenant folders may define one identically, never differently.
 *
 * Read with the seed reader's CSV parser and cell rules (`NULL`, `Y`/`N`), before the host exists: the host is
 * created with these domains.
 *
 * @param plan - The data folder's files.
 * @returns The domains by name (none when the folder has no model files).
 * @throws IllegalArgumentException listing every problem of the model files, or a domain two tenants define
 *   differently.
 * @internal
 */
export function readSeedModel(plan: SeedFolderPlan): Record<string, DomainDefinition> {
  const problems: string[] = []
  let result: Record<string, DomainDefinition> | undefined
  let first = ''
  for (const folder of plan.folders) {
    const domains = new Map<string, Map<string, FieldDefinition>>()
    const fields: ModelField[] = []
    for (const path of folder.files) {
      const domain = domainOfFile(path, (name) => name === 'DomainClass' || name === 'DomainClassField')
      if (domain === undefined) continue
      const where = relative(plan.root, path)
      const table = readTable(path, where, problems)
      if (table === undefined) continue
      for (const row of table.rows) {
        const at = `${where} line ${row.line}`
        if (domain === 'DomainClass') {
          const shortName = row.cell('shortName')
          if (shortName === null) problems.push(`${at}: shortName is empty`)
          else if (!domains.has(shortName)) domains.set(shortName, new Map())
          continue
        }
        const field = fieldOf(row, at, problems)
        if (field !== undefined) fields.push(field)
      }
    }
    for (const field of fields) {
      const domain = domains.get(field.domain)
      if (domain === undefined) {
        problems.push(
          `${relative(plan.root, folder.folder)}: DomainClassField ${field.domain}.${field.name} names a domain no DomainClass row defines`,
        )
        continue
      }
      domain.set(field.name, field.definition)
    }
    for (const [name, definition] of domains) {
      for (const field of definition.values()) {
        const target = typeof field === 'string' ? undefined : field.domain
        if (target !== undefined && !domains.has(target))
          problems.push(`${name}: a field references ${target}, which no DomainClass row defines`)
      }
    }
    const defined = Object.fromEntries(
      [...domains].map(([name, definition]) => [name, { fields: Object.fromEntries(definition) }]),
    )
    const where = folder.tenant ?? relative(plan.root, folder.folder)
    if (result === undefined) {
      result = defined
      first = where
      continue
    }
    for (const [name, definition] of Object.entries(defined)) {
      const earlier = result[name]
      if (earlier === undefined) result[name] = definition
      else if (JSON.stringify(earlier) !== JSON.stringify(definition))
        problems.push(
          `domain ${name} is defined differently in ${first} and ${where}: domains are the same in every tenant; define it once, identically`,
        )
    }
  }
  if (problems.length > 0) {
    throw new IllegalArgumentException(
      `The data folder's domain model (DomainClass.csv, DomainClassField.csv) has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n  - ${problems.join('\n  - ')}`,
    )
  }
  return result ?? {}
}

/** A row of a model file: its line, and its cells by header name (marks such as `(*)` removed). */
interface Row {
  readonly line: number
  /** The cell's text; `null` for an empty unquoted cell or `NULL`. */
  cell(header: string): string | null
}

function readTable(path: string, where: string, problems: string[]): { rows: Row[] } | undefined {
  const parsed = parseCsv(readFileSync(path, 'utf8'))
  if ('error' in parsed) {
    problems.push(`${where} line ${parsed.error.line}: ${parsed.error.message}`)
    return undefined
  }
  const [header, ...records] = parsed.records
  if (header === undefined) return { rows: [] }
  const columns = new Map(
    header.fields.map((f, index) => [f.text.replace(/\s*\((\*|F)\)\s*$/g, '').trim(), index]),
  )
  const rowOf = (record: CsvRecord): Row => ({
    line: record.line,
    cell(name) {
      const index = columns.get(name)
      const field = index === undefined ? undefined : record.fields[index]
      if (field === undefined) return null
      if (!field.quoted && (field.text === '' || field.text === 'NULL')) return null
      return field.text
    },
  })
  return { rows: records.map(rowOf) }
}

/** A DomainClassField row as a field definition, or `undefined` after a problem. */
function fieldOf(row: Row, at: string, problems: string[]): ModelField | undefined {
  const domain = row.cell('domainClass.shortName')
  const name = row.cell('name')
  const dataType = row.cell('dataType')
  if (domain === null || name === null || dataType === null) {
    problems.push(`${at}: domainClass.shortName, name and dataType are required`)
    return undefined
  }
  if (!(FIELD_TYPES as readonly string[]).includes(dataType)) {
    problems.push(
      `${at}: ${domain}.${name}: dataType ${JSON.stringify(dataType)} is not one of ${FIELD_TYPES.join(', ')}`,
    )
    return undefined
  }
  const type = dataType as FieldType
  const definition: Record<string, unknown> = { type }
  const reference = row.cell('referenceDomain.shortName')
  if (type === 'DOMAIN_OBJECT' || type === 'DOMAIN_OBJECT_LIST') {
    if (reference === null) {
      problems.push(
        `${at}: ${domain}.${name} is a ${type} field; name its domain in referenceDomain.shortName`,
      )
      return undefined
    }
    definition['domain'] = reference
  }
  const nullable = row.cell('nullable')
  if (nullable !== null) {
    const value = seedBoolean(nullable)
    if (value === undefined) {
      problems.push(`${at}: nullable ${JSON.stringify(nullable)} is not a boolean; write Y or N`)
      return undefined
    }
    if (!value) definition['required'] = true
  }
  const options = row.cell('options')
  if (options !== null) {
    let parsed: unknown
    try {
      parsed = JSON.parse(options)
    } catch {
      parsed = undefined
    }
    if (!Array.isArray(parsed)) {
      problems.push(
        `${at}: ${domain}.${name}: options must be a JSON array such as ["OPEN","CLOSED"], got ${JSON.stringify(options)}`,
      )
      return undefined
    }
    definition['options'] = parsed.map((option: unknown) => seedModelValue(type, option))
  }
  const fallback = row.cell('defaultValue')
  if (fallback !== null) definition['default'] = seedModelValue(type, fallback)
  return { domain, name, definition: definition as FieldDefinition }
}

/**
 * A default or option of `DomainClassField.csv` as the field's type takes it: text read as a seed cell would be.
 *
 * @param type - The field's type.
 * @param value - The cell's text, or an element of `options`.
 * @returns The value.
 * @internal
 */
export function seedModelValue(type: FieldType, value: unknown): unknown {
  if (typeof value !== 'string') return value
  switch (type) {
    case 'BOOLEAN':
      return seedBoolean(value) ?? value
    case 'INTEGER':
    case 'LONG':
    case 'DOUBLE':
      return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value
    default:
      return value
  }
}

/**
 * The usernames of a data folder's `User.csv` files (and `User_<anything>.csv`), read before the host exists so
 * that a username also given in `users` stops the start, and the default administrator is made only when no
 * user comes from anywhere.
 *
 * @param plan - The data folder's files.
 * @returns The usernames, each once.
 * @internal
 */
export function seedUsernames(plan: SeedFolderPlan): string[] {
  const names = new Set<string>()
  for (const folder of plan.folders) {
    for (const path of folder.files) {
      if (domainOfFile(path, (name) => name === 'User') === undefined) continue
      const table = readTable(path, path, [])
      for (const row of table?.rows ?? []) {
        const username = row.cell('username')
        if (username !== null) names.add(username)
      }
    }
  }
  return [...names]
}
