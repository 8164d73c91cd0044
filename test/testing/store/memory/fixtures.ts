import type { QueryCondition } from '../../../../src/model/query-condition.js'
import {
  Table,
  createDomainSchema,
  createStoredRow,
  normalizeFieldValue,
  type DomainSchema,
  type EnginePage,
  type StoredRow,
  type TableOptions,
} from '../../../../src/testing/store/memory/index.js'

/** A domain with a field of every type. */
export const item: DomainSchema = createDomainSchema(
  'Item',
  [
    { name: 'name', type: 'STRING', required: true },
    { name: 'qty', type: 'INTEGER', required: false },
    { name: 'big', type: 'LONG', required: false },
    { name: 'score', type: 'DOUBLE', required: false },
    { name: 'price', type: 'BIG_DECIMAL', required: false },
    { name: 'active', type: 'BOOLEAN', required: false },
    { name: 'day', type: 'LOCAL_DATE', required: false },
    { name: 'at', type: 'ZONED_DATETIME', required: false },
    { name: 'data', type: 'JSON_STRING', required: false },
    { name: 'owner', type: 'DOMAIN_OBJECT', required: false, domain: 'Person' },
    { name: 'tags', type: 'DOMAIN_OBJECT_LIST', required: false, domain: 'Tag' },
    { name: 'file', type: 'FILE', required: false },
  ],
  'name',
)

/** A stored row of {@link item} from the values a plugin would write. */
export function row(id: number, values: Record<string, unknown> = {}): StoredRow {
  const stored: Record<string, unknown> = { id }
  for (const [name, value] of Object.entries(values)) {
    const field = item.fields.get(name)
    if (field === undefined) throw new Error(`fixture: no field ${name}`)
    stored[name] = normalizeFieldValue(field, value, item.name)
  }
  return createStoredRow(item, stored)
}

/** A table of {@link item} holding rows built from plugin values, ids 1, 2, ... in order. */
export function tableOf(values: readonly Record<string, unknown>[], options?: TableOptions): Table {
  const table = new Table(item, options)
  values.forEach((v, i) => table.insert(row(i + 1, { name: `item${i + 1}`, ...v })))
  return table
}

/** The ids a query selects. */
export function ids(
  table: Table,
  conditions: readonly QueryCondition[],
  options: { and?: boolean; page?: Partial<EnginePage> } = {},
): number[] {
  const page =
    options.page === undefined
      ? undefined
      : { offset: 0, limit: 1000, orderBy: [], asc: true, ...options.page }
  return table.select({ and: options.and ?? true, conditions }, page).rows.map((r) => r.id)
}

/** A condition, loosely typed as `addConditions` receives it from an undeclared domain. */
export function c(operator: string, field: string, value?: unknown): QueryCondition {
  return (arguments.length > 2 ? { operator, field, value } : { operator, field }) as QueryCondition
}

/** A StorageFieldValue as StorageUtils returns it. */
export function file(id: number): Record<string, unknown> {
  return {
    id,
    fileName: `f${id}.txt`,
    mimeType: 'text/plain',
    displaySequence: 0,
    description: null,
    key: `k${id}`,
    storageEngine: 'memory',
  }
}
