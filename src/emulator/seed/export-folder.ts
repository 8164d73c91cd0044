import { randomUUID } from 'node:crypto'
import {
  cpSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  rmdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { SimpleQuery, type StorageFieldValue } from '../../index.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import type { DomainDefinition, FieldDefinition, FieldType, TestHost } from '../../testing/index.js'
import { LOGIC_ENGINES, LOGIC_TYPES } from '../platform/logic-records.js'
import { PLATFORM_DOMAINS, PLATFORM_RECORD_RULES } from '../platform/platform-domains.js'
import { fileRecordOfKey, STORAGE_DOMAIN } from '../platform/storage-records.js'
import { SEED_DOMAINS } from './seed-domains.js'
import { seedModelValue } from './seed-model.js'

/**
 * What `emulator.exportData` wrote: the seed folder, its files, and what a seed folder cannot carry.
 *
 * @example
 * ```ts
 * import { createEmulator, type ExportSummary } from '@tech-vendor/api/emulator'
 *
 * await using emulator = createEmulator({ domains: { Tag: { fields: { name: 'STRING' } } } })
 * const summary: ExportSummary = await emulator.exportData('./exported-data')
 * for (const file of summary.files) console.log(`${file.path}: ${file.objects} objects`)
 * for (const gap of summary.omitted) console.warn(`${gap.tenant} ${gap.domain}.${gap.field}: ${gap.reason}`)
 * ```
 */
export interface ExportSummary {
  /** The folder written, absolute: the platform's data root, which `dataDir` (`--data`) loads. */
  readonly folder: string
  /**
   * The environment folder the tenants are in, `production`; `development` (the default `dataEnv`) is a link to
   * it, as in the platform's public sample.
   */
  readonly env: string
  /** Every CSV file written, tenant by tenant, with the domain it imports into and its number of objects. */
  readonly files: readonly {
    /** The file's path relative to {@link ExportSummary.folder}, such as `production/acme/Customer.csv`. */
    readonly path: string
    /** The tenant whose folder holds it. */
    readonly tenant: string
    /** The domain it imports into. */
    readonly domain: string
    /** How many objects (lines) it holds. */
    readonly objects: number
  }[]
  /** How many files were written beside the CSV files: the files of FILE fields and the code of logic. */
  readonly sideFiles: number
  /**
   * Values the folder does not hold, by field: a `DOMAIN_OBJECT_LIST` field (seed data cannot set one), a
   * reference to an object that no longer exists. Empty when the folder loads into the same data.
   */
  readonly omitted: readonly {
    /** The tenant of the objects. */
    readonly tenant: string
    /** The domain of the objects. */
    readonly domain: string
    /** The field whose values are not written. */
    readonly field: string
    /** How many objects had a value there. */
    readonly objects: number
    /** Why, and what to do. */
    readonly reason: string
  }[]
}

/**
 * What the emulator was started with, which its options will give again: the export leaves it out, so that
 * loading the folder with the same options does not give it twice.
 *
 * @internal
 */
export interface ExportPlan {
  /** The emulator's tenants. */
  readonly tenants: readonly string[]
  /** The tenant of a user of the options without one. */
  readonly defaultTenant: string
  /** The application's domains, from the options and from the data folder's model. */
  readonly domains: Readonly<Record<string, DomainDefinition>>
  /** What the options gave. */
  readonly given: {
    /** The names of the `domains` option's domains (their `DomainClass` and `DomainClassField` records). */
    readonly domains: readonly string[]
    /**
     * The `users` option's users (their `User` records, their links to groups, and the role and group of each of
     * their roles); none when the emulator made its default administrator, which is data like any user.
     */
    readonly users: readonly {
      readonly username: string
      readonly roles: readonly string[]
      readonly tenant?: string
    }[]
    /** The `settings` option's keys, the defaults included (their `DynamicConfig` records). */
    readonly settings: readonly string[]
    /** The `logic` option's function names (their `TYPESCRIPT_FUNCTION` `DynamicLogic` records). */
    readonly logic: readonly string[]
  }
}

/** The environment folder written, and the one linked to it (the default `dataEnv`). */
const EXPORT_ENV = 'production'
const LINKED_ENV = 'development'

/**
 * Platform domains left out: the import's own bookkeeping (a load writes its own), and stored-file records (a FILE
 * field's file travels in its `(F)` column, and the load stores it again).
 */
const NOT_EXPORTED: ReadonlySet<string> = new Set(['ImportRecord', 'ImportedObject', STORAGE_DOMAIN])

/** The model's records, written from the domains' definitions so that every tenant defines them alike. */
const MODEL = { domainClass: 'DomainClass', field: 'DomainClassField' } as const

/** The keys of the platform's link records (§13.5): a pair of references, or a reference and a name. */
const LINK_KEYS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  GroupRole: ['group', 'role'],
  UserGroup: ['user', 'group'],
  DynamicActionDomainClass: ['dynamicAction', 'domainClass'],
})

/** The field types a key or a reference column can name: compared exactly by the import's lookup. */
const KEY_TYPES: ReadonlySet<FieldType> = new Set<FieldType>(['STRING', 'INTEGER', 'LONG'])

/** The built-in records every start seeds (§14.1): never written. */
const BUILT_IN: Readonly<Record<string, ReadonlySet<string>>> = Object.freeze({
  DynamicLogicEngine: new Set(LOGIC_ENGINES.map((engine) => engine.name)),
  DynamicLogicType: new Set(LOGIC_TYPES.map((type) => type.name)),
})

type Row = Readonly<Record<string, unknown>> & { readonly id: number }

interface FieldSpec {
  readonly name: string
  readonly type: FieldType
  readonly domain: string | undefined
}

/** One file to write: a CSV file, a FILE field's stored file, or a logic's code. */
type Output =
  | {
      readonly kind: 'csv'
      readonly path: string
      readonly domain: string
      readonly text: string
      readonly objects: number
    }
  | { readonly kind: 'text'; readonly path: string; readonly text: string }
  | { readonly kind: 'stored'; readonly path: string; readonly key: string }

interface TenantExport {
  readonly tenant: string
  readonly outputs: Output[]
  readonly omitted: ExportSummary['omitted'][number][]
  readonly problems: string[]
}

/**
 * Writes the data of an emulator's host as a seed folder in the platform's layout (§13.1, §15.2):
 * `folder/production/<tenant>/<Domain>.csv`, `folder/development` a link to `production`, which `dataDir` loads
 * again. Every application domain's objects and the platform's records are written, but not what the options
 * give at each start (see {@link ExportPlan}), nor the built-in engines and logic types, nor the import records.
 *
 * Cells follow the import's rules (§13.2): a key column `field(*)` per file where a key exists, so that loading
 * the folder again updates rather than duplicates; references as `ref.field` by the referenced object's key;
 * FILE fields as `field(F)` with the file written beside the CSV (`files/...`); a logic's code as `code(F)`
 * (`logic/...`); `NULL` for null; booleans `Y`/`N`; texts quoted.
 *
 * Nothing is written until everything is read and checked, and the folder appears whole: the files are written
 * in a folder beside it that is renamed into place.
 *
 * @param host - The emulator's host, installed.
 * @param plan - The tenants, the application's domains, and what the options gave.
 * @param folder - Where to write: a folder that does not exist yet or is empty.
 * @returns What was written.
 * @throws IllegalArgumentException when `folder` is a file or a folder that is not empty.
 * @throws IllegalStateException when an object is referenced but its domain has no field that tells its objects
 *   apart (no reference column could find it again), naming the domains and what to do.
 * @internal
 */
export function exportSeedFolder(host: TestHost, plan: ExportPlan, folder: string): ExportSummary {
  const target = resolve(folder)
  checkTarget(target)
  const definitions: Readonly<Record<string, DomainDefinition>> = {
    ...plan.domains,
    ...PLATFORM_DOMAINS,
    ...SEED_DOMAINS,
  }
  const tenants = plan.tenants.map((tenant) =>
    host.runAs({ tenant, user: null }, () => exportTenant(tenant, definitions, plan)),
  )
  const problems = tenants.flatMap((t) => t.problems)
  if (problems.length > 0) {
    throw new IllegalStateException(
      `exportData: the data cannot be written as a seed folder that loads again (${problems.length} problem${problems.length === 1 ? '' : 's'}); nothing was written:\n  - ${problems.join('\n  - ')}`,
    )
  }

  mkdirSync(dirname(target), { recursive: true })
  const staging = join(dirname(target), `.${basename(target)}.export-${randomUUID()}`)
  let sideFiles = 0
  const files: { path: string; tenant: string; domain: string; objects: number }[] = []
  try {
    for (const { tenant, outputs } of tenants) {
      const tenantFolder = join(staging, EXPORT_ENV, tenant)
      for (const output of outputs) {
        const path = join(tenantFolder, output.path)
        mkdirSync(dirname(path), { recursive: true })
        if (output.kind === 'stored') {
          writeFileSync(
            path,
            host.runAs({ tenant, user: null }, () => host.readStoredFile(output.key)),
          )
          sideFiles++
        } else {
          writeFileSync(path, output.text, 'utf8')
          if (output.kind === 'text') sideFiles++
          else
            files.push({
              path: [EXPORT_ENV, tenant, output.path].join('/'),
              tenant,
              domain: output.domain,
              objects: output.objects,
            })
        }
      }
    }
    linkEnvironment(staging)
    if (exists(target)) rmdirSync(target)
    renameSync(staging, target)
  } catch (error) {
    rmSync(staging, { recursive: true, force: true })
    throw error
  }
  return {
    folder: target,
    env: EXPORT_ENV,
    files,
    sideFiles,
    omitted: tenants.flatMap((t) => t.omitted),
  }
}

/** Refuses a target that is a file or a folder with something in it: an export never mixes with other files. */
function checkTarget(target: string): void {
  let stats
  try {
    stats = statSync(target)
  } catch {
    return
  }
  if (!stats.isDirectory()) {
    throw new IllegalArgumentException(
      `exportData: ${target} is a file; name a new folder (or an empty one) to write the seed folder in.`,
    )
  }
  const entries = readdirSync(target)
  if (entries.length > 0) {
    throw new IllegalArgumentException(
      `exportData: ${target} is not empty (it holds ${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', ...' : ''}); ` +
        'the export writes a whole seed folder and never mixes with other files. Name a new folder, or empty or delete this one first.',
    )
  }
}

/** `development` as a link to `production`, as the sample has it; a copy where links cannot be made. */
function linkEnvironment(staging: string): void {
  mkdirSync(join(staging, EXPORT_ENV), { recursive: true })
  try {
    symlinkSync(EXPORT_ENV, join(staging, LINKED_ENV), 'dir')
  } catch {
    cpSync(join(staging, EXPORT_ENV), join(staging, LINKED_ENV), { recursive: true })
  }
}

function exists(path: string): boolean {
  try {
    statSync(path)
    return true
  } catch {
    return false
  }
}

/** A field definition as its name, type and referenced domain. */
function specOf(name: string, field: FieldDefinition): FieldSpec {
  return typeof field === 'string'
    ? { name, type: field, domain: undefined }
    : { name, type: field.type, domain: field.domain }
}

function fieldsOf(definition: DomainDefinition): FieldSpec[] {
  return Object.entries(definition.fields).map(([name, field]) => specOf(name, field))
}

/** The id a reference value holds, or `null`. */
function referencedId(value: unknown): number | null {
  if (typeof value !== 'object' || value === null || !('id' in value)) return null
  return typeof value.id === 'number' ? value.id : null
}

/** The records of one tenant, read once, with the field that tells each domain's objects apart. */
class TenantData {
  readonly #definitions: Readonly<Record<string, DomainDefinition>>
  readonly #rows = new Map<string, readonly Row[]>()
  readonly #byId = new Map<string, ReadonlyMap<number, Row>>()
  readonly #keys = new Map<string, FieldSpec | undefined>()

  constructor(definitions: Readonly<Record<string, DomainDefinition>>) {
    this.#definitions = definitions
  }

  /** Makes a domain's records these, instead of the stored ones (the root organization the load would make). */
  assume(domain: string, rows: readonly Row[]): void {
    this.#rows.set(domain, rows)
  }

  rows(domain: string): readonly Row[] {
    let rows = this.#rows.get(domain)
    if (rows === undefined) {
      rows = SimpleQuery.getAll(domain)
      this.#rows.set(domain, rows)
    }
    return rows
  }

  byId(domain: string, id: number): Row | undefined {
    let map = this.#byId.get(domain)
    if (map === undefined) {
      map = new Map(this.rows(domain).map((row) => [row.id, row]))
      this.#byId.set(domain, map)
    }
    return map.get(id)
  }

  /** A field of a referenced object, or `undefined` (no reference, or an object that no longer exists). */
  follow(domain: string, row: Row, field: string, targetField: string): unknown {
    const spec = this.#field(domain, field)
    const id = referencedId(row[field])
    if (spec?.domain === undefined || id === null) return undefined
    return this.byId(spec.domain, id)?.[targetField]
  }

  /**
   * The field by which a reference column finds a domain's object: the first of the platform's unique fields,
   * then of its fields in order, that is text or a whole number and holds a different, non-empty value in every
   * object of the tenant (so that the import's lookup finds exactly one). `undefined` when none does.
   */
  key(domain: string): FieldSpec | undefined {
    if (this.#keys.has(domain)) return this.#keys.get(domain)
    const definition = this.#definitions[domain]
    let found: FieldSpec | undefined
    if (definition !== undefined) {
      const fields = fieldsOf(definition)
      const unique = (PLATFORM_RECORD_RULES[domain]?.unique ?? []).filter(
        (u): u is string => typeof u === 'string',
      )
      const ordered = [
        ...unique.flatMap((name) => fields.filter((f) => f.name === name)),
        ...fields.filter((f) => !unique.includes(f.name)),
      ]
      const rows = this.rows(domain)
      found = ordered.find((field) => {
        if (!KEY_TYPES.has(field.type)) return false
        const values = rows.map((row) => row[field.name])
        if (values.some((v) => v === null || v === undefined || v === '')) return false
        return new Set(values).size === values.length
      })
    }
    this.#keys.set(domain, found)
    return found
  }

  #field(domain: string, field: string): FieldSpec | undefined {
    const definition = this.#definitions[domain]?.fields[field]
    return definition === undefined ? undefined : specOf(field, definition)
  }
}

/** A column of an exported file: its header, and its cell for a row. */
interface Column {
  readonly header: string
  cell(row: Row, index: number): string
}

/** Exports one tenant: reads everything, decides the files, and lists the problems. Runs in the tenant. */
function exportTenant(
  tenant: string,
  definitions: Readonly<Record<string, DomainDefinition>>,
  plan: ExportPlan,
): TenantExport {
  const data = new TenantData(definitions)
  const result: TenantExport = { tenant, outputs: [], omitted: [], problems: [] }
  const given = givenIn(tenant, plan)

  if (data.rows('Organization').length === 0) {
    // A tenant always has a folder, so that loading the export keeps it: the root organization the load makes.
    data.assume('Organization', [
      { id: 0, name: tenant, parent: null, customiseEnable: null, tenant, subDomain: tenant },
    ])
  }
  exportModel(data, plan, given, result)
  for (const domain of Object.keys(definitions)) {
    if (NOT_EXPORTED.has(domain) || domain === MODEL.domainClass || domain === MODEL.field) continue
    const rows = data.rows(domain).filter((row) => !isGiven(domain, row, data, given))
    if (rows.length === 0 && domain !== 'Organization') continue
    exportDomain(domain, definitions[domain] as DomainDefinition, rows, data, result)
  }
  return result
}

/** What the options gave in one tenant, by the values that name it. */
interface Given {
  readonly domains: ReadonlySet<string>
  readonly usernames: ReadonlySet<string>
  /** The roles of the options' users in this tenant: each a `Role` and a `Group` of the same name. */
  readonly roles: ReadonlySet<string>
  readonly settings: ReadonlySet<string>
  readonly logic: ReadonlySet<string>
}

function givenIn(tenant: string, plan: ExportPlan): Given {
  const users = plan.given.users.filter((user) => (user.tenant ?? plan.defaultTenant) === tenant)
  return {
    domains: new Set(plan.given.domains),
    usernames: new Set(users.map((user) => user.username)),
    roles: new Set(users.flatMap((user) => user.roles)),
    settings: new Set(plan.given.settings),
    logic: new Set(plan.given.logic),
  }
}

/** Whether a record is one the options (or every start) make, which the export leaves out. */
function isGiven(domain: string, row: Row, data: TenantData, given: Given): boolean {
  switch (domain) {
    case 'User':
      return given.usernames.has(row['username'] as string)
    case 'UserGroup':
      return given.usernames.has(data.follow(domain, row, 'user', 'username') as string)
    case 'Role':
      return given.roles.has(row['authority'] as string)
    case 'Group':
      return given.roles.has(row['name'] as string)
    case 'GroupRole': {
      const group = data.follow(domain, row, 'group', 'name')
      return given.roles.has(group as string) && data.follow(domain, row, 'role', 'authority') === group
    }
    case 'DynamicConfig':
      return given.settings.has(row['key'] as string)
    case 'DynamicLogic':
      return given.logic.has(row['name'] as string)
    default:
      return BUILT_IN[domain]?.has(row['name'] as string) ?? false
  }
}

/**
 * Writes `DomainClass.csv` and `DomainClassField.csv` for the domains of the data folder's model (not the
 * options'): the definition's type, reference, `nullable`, default and options, which every tenant has alike
 * (the load refuses a domain two tenants define differently), with the tenant's own labels and metadata.
 */
function exportModel(data: TenantData, plan: ExportPlan, given: Given, result: TenantExport): void {
  const domains = Object.entries(plan.domains).filter(([name]) => !given.domains.has(name))
  if (domains.length === 0) return
  const classOf = new Map(data.rows(MODEL.domainClass).map((row) => [row['shortName'], row]))
  const fieldOf = new Map(
    data
      .rows(MODEL.field)
      .map((row) => [
        `${String(data.follow(MODEL.field, row, 'domainClass', 'shortName'))}.${String(row['name'])}`,
        row,
      ]),
  )
  const classes = domains.map(([shortName]) => {
    const record = classOf.get(shortName)
    return [
      text(shortName),
      text(stringOrNull(record?.['label']) ?? shortName),
      text(stringOrNull(record?.['description'])),
    ]
  })
  result.outputs.push(
    csv(MODEL.domainClass, result.tenant, ['shortName(*)', 'label', 'description'], classes),
  )
  const fields = domains.flatMap(([shortName, definition]) =>
    Object.entries(definition.fields).map(([name, field]) => {
      const spec = typeof field === 'string' ? { type: field } : field
      const record = fieldOf.get(`${shortName}.${name}`)
      return [
        text(shortName),
        text(name),
        text(spec.type),
        text(spec.domain ?? null),
        boolean(spec.required !== true),
        boolean(typeof record?.['editable'] === 'boolean' ? record['editable'] : true),
        text(defaultText(spec, record?.['defaultValue'])),
        text(optionsText(spec, record?.['options'])),
        text(stringOrNull(record?.['extInfo'])),
      ]
    }),
  )
  result.outputs.push(
    csv(
      MODEL.field,
      result.tenant,
      [
        'domainClass.shortName(*)',
        'name(*)',
        'dataType',
        'referenceDomain.shortName',
        'nullable',
        'editable',
        'defaultValue',
        'options',
        'extInfo',
      ],
      fields,
    ),
  )
}

/**
 * A field's `defaultValue` cell: the tenant's record's text when it means the definition's default (`N` for
 * false stays `N`), else the default as text.
 */
function defaultText(spec: Exclude<FieldDefinition, string>, recorded: unknown): string | null {
  const wanted = spec.default === undefined || spec.default === null ? null : spec.default
  if (typeof recorded === 'string' && wanted !== null && seedModelValue(spec.type, recorded) === wanted)
    return recorded
  return wanted === null ? null : String(wanted)
}

/** A field's `options` cell: the tenant's record's JSON when it lists the definition's options, else theirs. */
function optionsText(spec: Exclude<FieldDefinition, string>, recorded: unknown): string | null {
  if (spec.options === undefined) return null
  const wanted = JSON.stringify(spec.options)
  if (typeof recorded === 'string') {
    try {
      const parsed: unknown = JSON.parse(recorded)
      if (
        Array.isArray(parsed) &&
        JSON.stringify(parsed.map((option: unknown) => seedModelValue(spec.type, option))) === wanted
      )
        return recorded
    } catch {
      // Not JSON: the definition's options are written.
    }
  }
  return wanted
}

/** Writes one domain's file: key columns first, then the other fields in the definition's order. */
function exportDomain(
  domain: string,
  definition: DomainDefinition,
  rows: readonly Row[],
  data: TenantData,
  result: TenantExport,
): void {
  const fields = fieldsOf(definition)
  const linkKey = LINK_KEYS[domain]
  const own = data.key(domain)
  const keyNames = linkKey ?? (own === undefined ? [] : [own.name])
  const ordered = [
    ...keyNames.flatMap((name) => fields.filter((f) => f.name === name)),
    ...fields.filter((f) => !keyNames.includes(f.name)),
  ]
  const columns: Column[] = []
  for (const field of ordered) {
    const key = keyNames.includes(field.name)
    const column = columnOf(domain, field, key, rows, data, result)
    if (column !== undefined) columns.push(column)
  }
  const sorted = referencedFirst(domain, fields, rows)
  result.outputs.push(
    csv(
      domain,
      result.tenant,
      columns.map((c) => c.header),
      sorted.map((row, index) => columns.map((c) => c.cell(row, index + 1))),
    ),
  )
}

/** The column of one field, or `undefined` for a field a seed file cannot set (noted in `omitted`). */
function columnOf(
  domain: string,
  field: FieldSpec,
  key: boolean,
  rows: readonly Row[],
  data: TenantData,
  result: TenantExport,
): Column | undefined {
  const mark = key ? '(*)' : ''
  const holding = rows.filter((row) => row[field.name] !== null && row[field.name] !== undefined)
  const omit = (objects: number, reason: string): undefined => {
    if (objects > 0)
      result.omitted.push({ tenant: result.tenant, domain, field: field.name, objects, reason })
    return undefined
  }
  switch (field.type) {
    case 'DOMAIN_OBJECT_LIST':
      return omit(
        holding.filter((row) => (row[field.name] as unknown[]).length > 0).length,
        'a DOMAIN_OBJECT_LIST field, which seed data cannot set (§13.2): set it in code after the load',
      )
    case 'DOMAIN_OBJECT': {
      const target = field.domain as string
      if (NOT_EXPORTED.has(target))
        return omit(holding.length, `references ${target} records, which the export does not write`)
      const by = data.key(target)
      if (by === undefined) {
        if (holding.length > 0) {
          result.problems.push(
            `tenant ${result.tenant}: ${domain}.${field.name} references ${target} objects (${holding.length} of them do), and no field of ${target} holds a ` +
              `different value in every ${target} object, so a reference column (${field.name}.<field>) could not find them again. ` +
              `Give ${target} a text or whole-number field with a value unique to each object (a code, a number), fill it, and export again.`,
          )
        }
        return undefined
      }
      const dangling = holding.filter((row) => data.follow(domain, row, field.name, by.name) === undefined)
      omit(dangling.length, `references ${target} objects that no longer exist: written as NULL`)
      return {
        header: `${field.name}.${by.name}${mark}`,
        cell: (row) => scalar(by.type, data.follow(domain, row, field.name, by.name) ?? null),
      }
    }
    case 'FILE':
      return {
        header: `${field.name}(F)${mark}`,
        cell: (row, index) => {
          const value = row[field.name] as StorageFieldValue | null | undefined
          if (value === null || value === undefined) return 'NULL'
          const name = fileRecordOfKey(value.key)?.fileName ?? value.fileName
          // The load names the stored file after the path's last part: the file keeps its name.
          const path = `files/${domain}/${field.name}/${index}/${safeFileName(name)}`
          result.outputs.push({ kind: 'stored', path, key: value.key })
          return text(path)
        },
      }
    default:
      if (domain === 'DynamicLogic' && field.name === 'code' && !key) {
        const used = new Set<string>()
        return {
          header: 'code(F)',
          cell: (row) => {
            const code = row['code']
            if (typeof code !== 'string') return 'NULL'
            const engine = data.follow(domain, row, 'dynamicLogicEngine', 'name')
            const path = uniquePath(`logic/${safeFileName(String(row['name']))}${extensionOf(engine)}`, used)
            result.outputs.push({ kind: 'text', path, text: code })
            return text(path)
          },
        }
      }
      return { header: `${field.name}${mark}`, cell: (row) => scalar(field.type, row[field.name] ?? null) }
  }
}

/** A domain's objects ordered so that one its own domain references comes first (the load reads line by line). */
function referencedFirst(domain: string, fields: readonly FieldSpec[], rows: readonly Row[]): Row[] {
  const own = fields.filter((f) => f.type === 'DOMAIN_OBJECT' && f.domain === domain)
  if (own.length === 0) return [...rows]
  const byId = new Map(rows.map((row) => [row.id, row]))
  const done = new Set<number>()
  const visiting = new Set<number>()
  const ordered: Row[] = []
  const visit = (row: Row): void => {
    if (done.has(row.id) || visiting.has(row.id)) return
    visiting.add(row.id)
    for (const field of own) {
      const id = referencedId(row[field.name])
      const target = id === null ? undefined : byId.get(id)
      if (target !== undefined) visit(target)
    }
    visiting.delete(row.id)
    done.add(row.id)
    ordered.push(row)
  }
  for (const row of rows) visit(row)
  return ordered
}

/** A CSV file's text: a comment naming what it is, the header, the rows. */
function csv(
  domain: string,
  tenant: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
): Output {
  const lines = [
    `;; ${domain} of tenant ${tenant}, written by the emulator's exportData`,
    header.join(','),
    ...rows.map((cells) => cells.join(',')),
  ]
  return { kind: 'csv', path: `${domain}.csv`, domain, text: `${lines.join('\n')}\n`, objects: rows.length }
}

/** A cell of a field's type, as the import reads it back: `NULL` for null, texts quoted, booleans `Y`/`N`. */
function scalar(type: FieldType, value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  switch (type) {
    case 'BOOLEAN':
      return boolean(value === true)
    case 'INTEGER':
    case 'LONG':
    case 'DOUBLE':
      return plain(value)
    case 'ZONED_DATETIME':
      return text(new Date(value instanceof Date ? value.getTime() : Number(value)).toISOString())
    default:
      return text(plain(value))
  }
}

/** A stored value as text: strings as they are, numbers in JavaScript's shortest form that reads back exactly. */
function plain(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value)
  return JSON.stringify(value)
}

/** A quoted cell (a quoted `NULL`, empty text or `$ROOT_ORG$` stays that text), or `NULL` for null. */
function text(value: string | null): string {
  return value === null ? 'NULL' : `"${value.replaceAll('"', '""')}"`
}

function boolean(value: boolean): string {
  return value ? 'Y' : 'N'
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

/** A file name that stays one path segment on every system. */
function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f<>:"/\\|?*]/g, '_').trim()
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned
}

/** The path, or the path with `-2`, `-3`, ... before its extension when taken. */
function uniquePath(path: string, used: Set<string>): string {
  const dot = path.lastIndexOf('.')
  let candidate = path
  for (let n = 2; used.has(candidate.toLowerCase()); n++)
    candidate = `${path.slice(0, dot)}-${n}${path.slice(dot)}`
  used.add(candidate.toLowerCase())
  return candidate
}

/** The extension of a logic's code file, by its engine. */
function extensionOf(engine: unknown): string {
  switch (engine) {
    case 'JAVASCRIPT_CODE':
      return '.js'
    case 'GROOVY_CODE':
      return '.groovy'
    default:
      return '.txt'
  }
}
