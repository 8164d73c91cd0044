import type { StorageFieldValue } from '../../../model/storage-field-value.js'
import type { StoredRow } from '../../domains/schema.js'
import { FILE_COLUMNS, FILE_TABLE } from './sql-mapping.js'
import { quoteName } from './sql-name.js'
import type { Statement } from './statement.js'
import { encodeStored } from './stored-values.js'
import type { TableSql } from './table-sql.js'

/**
 * A row that a row written must find: in its table, with its id (in the same tenant).
 *
 * @internal
 */
export interface RequiredRow {
  readonly table: TableSql
  readonly id: number
}

/**
 * The statements that write a row of one tenant: an insert that replaces the row with the same id (only in the
 * same tenant: another tenant's id changes nothing, and the insert fails on the key), then each list field's
 * join rows, replaced. Run together, all or nothing.
 *
 * @param table - The domain's table.
 * @param tenant - The tenant.
 * @param row - The row, `id` included.
 * @param create - The row is new: a plain insert, which fails on the key (SQLSTATE `23505`) where native SQL
 *   already took the id, as the platform's insert does, instead of replacing that row.
 * @param required - Rows the insert must find, or it writes nothing (reports no row written): the check of
 *   a new row's references, made by the write. Only for a table without list fields, whose join rows would
 *   be written regardless.
 * @returns The statements; the first reports one row written when the row was written.
 * @internal
 */
export function compileWrite(
  table: TableSql,
  tenant: string,
  row: StoredRow,
  create = false,
  required: readonly RequiredRow[] = [],
): Statement[] {
  const { columns, lists } = table.mapping
  const params = [tenant, ...columns.map((c) => encodeStored(c.field, row[c.field.name] ?? null))]
  for (const { id } of required) params.push(String(id))
  const statements: Statement[] = [{ text: insertText(table, create, required), params, repeated: true }]
  lists.forEach((list, index) => {
    const joinTable = table.listTables[index] as string
    const owner = quoteName(list.ownerColumn)
    statements.push({
      text: `DELETE FROM ${joinTable} WHERE ${owner} = $1 AND tenant_id = $2`,
      params: [String(row.id), tenant],
      repeated: true,
    })
    const ids = row[list.field.name] as readonly number[] | null
    if (ids === null || ids.length === 0) return
    statements.push({
      text:
        `INSERT INTO ${joinTable} (${owner}, ${quoteName(list.targetColumn)}, ${quoteName(list.indexColumn)}, tenant_id) ` +
        `SELECT $1, e.id, e.position - 1, $2 FROM unnest($3::bigint[]) WITH ORDINALITY AS e(id, position)`,
      params: [String(row.id), tenant, encodeStored(list.field, ids)],
      repeated: true,
    })
  })
  return statements
}

/** The text of each insert compiled, by table, then by `create` and the tables of the required rows. */
const insertTexts = new WeakMap<TableSql, Map<string, string>>()

/**
 * The text of {@link compileWrite}'s insert: parameters `$1` the tenant, then one per column, then one per
 * required row's id. The same for every row of a table, so it is made once (and the connection finds its
 * prepared statement by it).
 */
function insertText(table: TableSql, create: boolean, required: readonly RequiredRow[]): string {
  let texts = insertTexts.get(table)
  if (texts === undefined) insertTexts.set(table, (texts = new Map<string, string>()))
  let key = String(create)
  for (const { table: target } of required) key += ` ${target.name}`
  let text = texts.get(key)
  if (text !== undefined) return text
  const { columns } = table.mapping
  const names = ['tenant_id', ...columns.map((c) => c.column)].map(quoteName)
  const values = names.map(
    (_, i) => `$${i + 1}::${i === 0 ? 'varchar' : (columns[i - 1]?.sqlType as string)}`,
  )
  const updates = names.filter((n) => n !== '"id"').map((n) => `${n} = EXCLUDED.${n}`)
  const found = required.map(
    ({ table: target }, i) =>
      `EXISTS (SELECT 1 FROM ${target.name} r WHERE r.tenant_id = $1 AND r.id = $${names.length + i + 1}::bigint)`,
  )
  const source =
    found.length === 0
      ? `VALUES (${values.join(', ')})`
      : `SELECT ${values.join(', ')} WHERE ${found.join(' AND ')}`
  text =
    `INSERT INTO ${table.name} AS t (${names.join(', ')}) ${source}` +
    (create
      ? ''
      : ` ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')} WHERE t.tenant_id = EXCLUDED.tenant_id`)
  texts.set(key, text)
  return text
}

/**
 * The statements that delete the row with an id of one tenant, its own join rows first.
 *
 * @param table - The domain's table.
 * @param tenant - The tenant.
 * @param id - The id.
 * @returns The statements, all or nothing.
 * @internal
 */
export function compileDelete(table: TableSql, tenant: string, id: number): Statement[] {
  const params = [String(id), tenant]
  return [
    ...table.mapping.lists.map((list, index) => ({
      text: `DELETE FROM ${table.listTables[index] as string} WHERE ${quoteName(list.ownerColumn)} = $1 AND tenant_id = $2`,
      params,
      repeated: true,
    })),
    { text: `DELETE FROM ${table.name} WHERE id = $1 AND tenant_id = $2`, params, repeated: true },
  ]
}

/**
 * The statement that records a stored file of one tenant in the stored-file table.
 *
 * @param schemaName - The PostgreSQL schema.
 * @param tenant - The tenant.
 * @param file - The file's `StorageFieldValue`.
 * @returns The statement.
 * @internal
 */
export function compileFileWrite(schemaName: string, tenant: string, file: StorageFieldValue): Statement {
  const columns = Object.values(FILE_COLUMNS).map(quoteName)
  const values = Object.keys(FILE_COLUMNS).map((key) => {
    const value = file[key as keyof StorageFieldValue]
    return value === null ? null : String(value)
  })
  const params = [tenant, ...values]
  return {
    text:
      `INSERT INTO ${quoteName(schemaName)}.${quoteName(FILE_TABLE)} (tenant_id, ${columns.join(', ')}) ` +
      `VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')})`,
    params,
    repeated: true,
  }
}

/**
 * The statement that reads a stored file's record of one tenant.
 *
 * @param schemaName - The PostgreSQL schema.
 * @param tenant - The tenant.
 * @param id - The file's id.
 * @returns The statement; its row holds the columns in `FILE_COLUMNS` order.
 * @internal
 */
export function compileFileRead(schemaName: string, tenant: string, id: number): Statement {
  const columns = Object.values(FILE_COLUMNS).map(quoteName)
  return {
    text: `SELECT ${columns.join(', ')} FROM ${quoteName(schemaName)}.${quoteName(FILE_TABLE)} WHERE tenant_id = $1 AND id = $2`,
    params: [tenant, String(id)],
    repeated: true,
  }
}
