import { IllegalArgumentException } from '../../../errors/illegal-argument-exception.js'
import type { FieldType } from '../../domains/field-types.js'
import type { DomainSchema, FieldSchema } from '../../domains/schema.js'
import { sqlName } from './sql-name.js'

/** The one sequence every id comes from, as Hibernate's on PostgreSQL. @internal */
export const SEQUENCE = 'hibernate_sequence'

/** The table of stored files, which FILE fields reference. @internal */
export const FILE_TABLE = 'storage_file'

/** The column of the stored-file table for each property of a `StorageFieldValue`, in table order. @internal */
export const FILE_COLUMNS = Object.freeze({
  id: 'id',
  fileName: 'file_name',
  mimeType: 'mime_type',
  displaySequence: 'display_sequence',
  description: 'description',
  key: 'key',
  storageEngine: 'storage_engine',
} as const)

/** PostgreSQL's longest identifier, in bytes; a longer one is silently cut, so two names could meet. */
const MAX_NAME_BYTES = 63

/**
 * The column of one field stored in its domain's table: the field, the column name and its SQL type.
 *
 * @internal
 */
export interface ColumnMapping {
  readonly field: FieldSchema
  /** Unquoted: `placed_on`, `customer_id`. */
  readonly column: string
  /** Such as `bigint`, `text`, `numeric`. */
  readonly sqlType: string
}

/**
 * The join table of one DOMAIN_OBJECT_LIST field: a row per element, in list order.
 *
 * @internal
 */
export interface ListMapping {
  readonly field: FieldSchema
  readonly table: string
  /** The owner's id: `<owner table>_<field column>_id`. */
  readonly ownerColumn: string
  /** The element's id: `<target table>_id`. */
  readonly targetColumn: string
  /** The element's 0-based position: `<field column>_idx`. */
  readonly indexColumn: string
  /** The referenced domain's table. */
  readonly targetTable: string
}

/**
 * The table of one domain: its name, the column of every field stored in it (`id` first) and the join table
 * of every DOMAIN_OBJECT_LIST field.
 *
 * @internal
 */
export interface TableMapping {
  readonly schema: DomainSchema
  readonly table: string
  readonly columns: readonly ColumnMapping[]
  readonly lists: readonly ListMapping[]
}

/**
 * How a host's domains are laid out in PostgreSQL (docs/sql.md), as GORM's default naming strategy lays
 * them out: a table per domain, snake_case names, one id sequence, a join table per list field and a
 * stored-file table.
 *
 * @internal
 */
export interface SqlMapping {
  readonly tables: ReadonlyMap<string, TableMapping>
}

const SCALAR_TYPES: Readonly<Record<Exclude<FieldType, 'DOMAIN_OBJECT_LIST'>, string>> = {
  STRING: 'text',
  JSON_STRING: 'text',
  BOOLEAN: 'boolean',
  INTEGER: 'integer',
  LONG: 'bigint',
  DOUBLE: 'double precision',
  BIG_DECIMAL: 'numeric',
  LOCAL_DATE: 'date',
  ZONED_DATETIME: 'timestamp with time zone',
  DOMAIN_OBJECT: 'bigint',
  FILE: 'bigint',
}

/**
 * Lays a host's domains out in tables.
 *
 * @param schemas - The host's domains.
 * @returns The mapping.
 * @throws {@link IllegalArgumentException} listing every name that cannot be laid out: two domains or two
 *   fields that map to one name, a name the store reserves (`id`, `tenant_id`, `storage_file`,
 *   `hibernate_sequence`), or a name longer than PostgreSQL's 63 bytes.
 * @internal
 */
export function mapDomains(schemas: ReadonlyMap<string, DomainSchema>): SqlMapping {
  const problems: string[] = []
  const owners = new Map<string, string>([
    [FILE_TABLE, 'the stored-file table'],
    [SEQUENCE, 'the id sequence'],
  ])
  const claim = (name: string, owner: string): void => {
    const taken = owners.get(name)
    if (taken !== undefined) problems.push(`${owner} maps to "${name}", as ${taken} does`)
    else owners.set(name, owner)
    if (Buffer.byteLength(name) > MAX_NAME_BYTES)
      problems.push(`${owner} maps to "${name}", longer than PostgreSQL's ${MAX_NAME_BYTES} bytes`)
  }
  const tableNames = new Map<string, string>()
  for (const schema of schemas.values()) {
    const table = sqlName(schema.name)
    claim(table, `domain ${schema.name}`)
    tableNames.set(schema.name, table)
  }
  const tables = new Map<string, TableMapping>()
  for (const schema of schemas.values()) {
    const table = tableNames.get(schema.name) as string
    const columns: ColumnMapping[] = []
    const used = new Map<string, string>([['tenant_id', 'the tenant column']])
    const column = (name: string, owner: string): string => {
      const taken = used.get(name)
      if (taken !== undefined)
        problems.push(`${owner} maps to column "${name}" of "${table}", as ${taken} does`)
      used.set(name, owner)
      if (Buffer.byteLength(name) > MAX_NAME_BYTES)
        problems.push(`${owner} maps to column "${name}", longer than PostgreSQL's ${MAX_NAME_BYTES} bytes`)
      return name
    }
    const lists: FieldSchema[] = []
    for (const field of schema.fields.values()) {
      const owner = `${schema.name}.${field.name}`
      if (field.type === 'DOMAIN_OBJECT_LIST') {
        lists.push(field)
        continue
      }
      const reference = field.type === 'DOMAIN_OBJECT' || field.type === 'FILE'
      const name = field.name === 'id' ? 'id' : sqlName(field.name) + (reference ? '_id' : '')
      columns.push({ field, column: column(name, owner), sqlType: SCALAR_TYPES[field.type] })
    }
    tables.set(schema.name, {
      schema,
      table,
      columns,
      lists: mapLists(schema, table, lists, tableNames, claim),
    })
  }
  if (problems.length > 0) {
    throw new IllegalArgumentException(
      `These domains cannot be laid out in PostgreSQL tables (docs/sql.md: a table per domain, snake_case names):\n  - ${problems.join('\n  - ')}\n` +
        'Rename the domains or fields so that each maps to a name of its own.',
    )
  }
  return { tables }
}

/**
 * The join tables of one domain's list fields: GORM's `<owner>_<target>` (`item_tag`), or `<owner>_<field>`
 * where the owner has two list fields of one target domain.
 */
function mapLists(
  schema: DomainSchema,
  table: string,
  lists: readonly FieldSchema[],
  tableNames: ReadonlyMap<string, string>,
  claim: (name: string, owner: string) => void,
): ListMapping[] {
  return lists.map((field) => {
    const target = tableNames.get(field.domain as string) as string
    const column = sqlName(field.name)
    const shared = lists.some((other) => other !== field && other.domain === field.domain)
    const name = shared ? `${table}_${column}` : `${table}_${target}`
    claim(name, `the join table of ${schema.name}.${field.name}`)
    return {
      field,
      table: name,
      ownerColumn: `${table}_${column}_id`,
      targetColumn: `${target}_id`,
      indexColumn: `${column}_idx`,
      targetTable: target,
    }
  })
}
