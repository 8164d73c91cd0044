import { createHash } from 'node:crypto'
import type { DomainSchema } from '../../domains/schema.js'
import { mapDomains, type SqlMapping } from './sql-mapping.js'
import { schemaDdl } from './schema-ddl.js'
import type { Statement } from './statement.js'

/**
 * The PostgreSQL schema a set of domain definitions lives in: its name, derived from the tables it creates
 * (so that hosts with the same domains share it, across runs where the database persists), and the statements
 * that create it.
 *
 * @internal
 */
export interface HostSchema {
  readonly mapping: SqlMapping
  readonly name: string
  /** The statements that create it, in a transaction of their own: all or nothing. */
  readonly create: readonly Statement[]
}

/**
 * Lays domains out (see `mapDomains`) in a schema named after a hash of its tables.
 *
 * @param schemas - The host's domains.
 * @param collation - The collation of text columns, or `undefined` for the database's.
 * @param name - The schema's name from the hash, such as `tv_<hash>`.
 * @param hashes - Hashes already computed, by the tables' statements, for a store that opens hosts with the
 *   same domains again and again: each is computed once.
 * @returns The schema; its `create` statements are made when first read.
 * @throws `IllegalArgumentException` for domains that cannot be laid out.
 * @internal
 */
export function hostSchema(
  schemas: ReadonlyMap<string, DomainSchema>,
  collation: string | undefined,
  name: (hash: string) => string,
  hashes?: Map<string, string>,
): HostSchema {
  const mapping = mapDomains(schemas)
  const tables = schemaDdl(mapping, 'schema', collation).join(';\n')
  let hash = hashes?.get(tables)
  if (hash === undefined) {
    hash = createHash('sha256').update(tables).digest('hex').slice(0, 16)
    hashes?.set(tables, hash)
  }
  const schemaName = name(hash)
  let create: readonly Statement[] | undefined
  return {
    mapping,
    name: schemaName,
    get create() {
      create ??= [
        { text: 'BEGIN', params: [] },
        ...schemaDdl(mapping, schemaName, collation).map((text) => ({ text, params: [] })),
        { text: 'COMMIT', params: [] },
      ]
      return create
    },
  }
}
