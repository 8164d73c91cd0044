import {
  FILE_COLUMNS,
  FILE_TABLE,
  type ListMapping,
  type SqlMapping,
  type TableMapping,
} from './sql-mapping.js'
import { quoteName } from './sql-name.js'

/**
 * A domain's table as the generated statements name it: schema-qualified (so that a plugin's `SET search_path`
 * cannot redirect them), with the select list that reads a whole row, lists and file records included.
 *
 * @internal
 */
export interface TableSql {
  readonly mapping: TableMapping
  /** `"schema"."order"`. */
  readonly name: string
  /** Every field in schema order, as `t.` expressions: what `decodeRow` reads. */
  readonly selectList: string
  /** The qualified join table of each list field, in `mapping.lists` order. */
  readonly listTables: readonly string[]
  /** What `iLike` puts after a column to fold case by another collation than the column's (` COLLATE "default"`), or nothing. */
  readonly likeCollate: string
}

/**
 * The qualified names and select lists of a mapping's tables in one PostgreSQL schema.
 *
 * @param mapping - The host's mapping.
 * @param schemaName - The PostgreSQL schema the tables live in.
 * @param likeCollation - The collation `iLike` folds case by, where the text columns' own cannot (a server whose
 *   columns are `COLLATE "C"`, which folds ASCII letters only); `undefined` for the columns'.
 * @returns Each domain's {@link TableSql}.
 * @internal
 */
export function tableSql(
  mapping: SqlMapping,
  schemaName: string,
  likeCollation: string | undefined,
): ReadonlyMap<string, TableSql> {
  const schema = quoteName(schemaName)
  const files = `${schema}.${quoteName(FILE_TABLE)}`
  const out = new Map<string, TableSql>()
  for (const [domain, table] of mapping.tables) {
    const listTables = table.lists.map((list) => `${schema}.${quoteName(list.table)}`)
    const expressions = [...table.schema.fields.values()].map((field) => {
      const column = table.columns.find((c) => c.field === field)
      if (column === undefined) {
        const index = table.lists.findIndex((l) => l.field === field)
        return listExpression(table.lists[index] as ListMapping, listTables[index] as string)
      }
      if (field.type !== 'FILE') return `t.${quoteName(column.column)}`
      const parts = Object.values(FILE_COLUMNS).map((c) => `f.${quoteName(c)}`)
      return `(SELECT json_build_array(${parts.join(', ')}) FROM ${files} f WHERE f.id = t.${quoteName(column.column)} AND f.tenant_id = t.tenant_id)`
    })
    out.set(domain, {
      mapping: table,
      name: `${schema}.${quoteName(table.table)}`,
      selectList: expressions.join(', '),
      listTables,
      likeCollate: likeCollation === undefined ? '' : ` COLLATE ${quoteName(likeCollation)}`,
    })
  }
  return out
}

function listExpression(list: ListMapping, joinTable: string): string {
  return (
    `ARRAY(SELECT j.${quoteName(list.targetColumn)} FROM ${joinTable} j WHERE j.${quoteName(list.ownerColumn)} = t.id ` +
    `AND j.tenant_id = t.tenant_id ORDER BY j.${quoteName(list.indexColumn)})`
  )
}
