import { FILE_TABLE, SEQUENCE, type SqlMapping } from './sql-mapping.js'
import { quoteName } from './sql-name.js'

/**
 * The statements that create a mapping's tables in a PostgreSQL schema of their own (docs/sql.md): the id
 * sequence, the stored-file table, a table per domain (`id` first, then `tenant_id`, then a column per field,
 * NOT NULL for a required one), a join table per list field, and the foreign keys, added last so that domains
 * may reference each other both ways. The keys are deferrable (still checked at each statement) so that a
 * store can empty the tables in any order.
 *
 * @param mapping - The host's mapping.
 * @param schemaName - The PostgreSQL schema to create.
 * @param collation - The collation of text columns (`"C"`, `"und-x-icu"`), or `undefined` for the database's.
 * @returns The statements, in order.
 * @internal
 */
export function schemaDdl(mapping: SqlMapping, schemaName: string, collation: string | undefined): string[] {
  const schema = quoteName(schemaName)
  const sequence = `${schema}.${quoteName(SEQUENCE)}`
  const qualified = (table: string): string => `${schema}.${quoteName(table)}`
  const idColumn = `id bigint PRIMARY KEY DEFAULT nextval('${sequence.replaceAll("'", "''")}')`
  const text = collation === undefined ? 'text' : `text COLLATE ${quoteName(collation)}`
  const statements = [
    `CREATE SCHEMA ${schema}`,
    `CREATE SEQUENCE ${sequence}`,
    `CREATE TABLE ${qualified(FILE_TABLE)} (${idColumn}, tenant_id varchar(255) NOT NULL, file_name ${text} NOT NULL, ` +
      `mime_type ${text} NOT NULL, display_sequence integer NOT NULL, description ${text}, key ${text} NOT NULL, ` +
      `storage_engine ${text} NOT NULL)`,
  ]
  const keys: string[] = []
  const foreignKey = (table: string, column: string, target: string): void =>
    void keys.push(
      `ALTER TABLE ${qualified(table)} ADD FOREIGN KEY (${quoteName(column)}) REFERENCES ${qualified(target)} (id) ` +
        'DEFERRABLE INITIALLY IMMEDIATE',
    )
  for (const table of mapping.tables.values()) {
    const columns = [idColumn, 'tenant_id varchar(255) NOT NULL']
    for (const { field, column, sqlType } of table.columns) {
      if (field.name === 'id') continue
      const type = sqlType === 'text' ? text : sqlType
      columns.push(`${quoteName(column)} ${type}${field.required ? ' NOT NULL' : ''}`)
      if (field.type === 'DOMAIN_OBJECT')
        foreignKey(table.table, column, mapping.tables.get(field.domain as string)?.table as string)
      if (field.type === 'FILE') foreignKey(table.table, column, FILE_TABLE)
    }
    statements.push(`CREATE TABLE ${qualified(table.table)} (${columns.join(', ')})`)
    for (const list of table.lists) {
      statements.push(
        `CREATE TABLE ${qualified(list.table)} (${quoteName(list.ownerColumn)} bigint NOT NULL, ` +
          `${quoteName(list.targetColumn)} bigint NOT NULL, ${quoteName(list.indexColumn)} integer NOT NULL, ` +
          `tenant_id varchar(255) NOT NULL, PRIMARY KEY (${quoteName(list.ownerColumn)}, ${quoteName(list.indexColumn)}))`,
      )
      foreignKey(list.table, list.ownerColumn, table.table)
      foreignKey(list.table, list.targetColumn, list.targetTable)
    }
  }
  return [...statements, ...keys]
}
