import { IllegalStateException } from '../../../errors/illegal-state-exception.js'
import type { DomainSchema } from '../../domains/schema.js'
import { hostSchema, type HostSchema } from './host-schema.js'
import { quoteName } from './sql-name.js'
import type { SqlConnection, Statement } from './statement.js'

/**
 * The PostgreSQL schema that holds an application's lasting data (SPEC §15.2): one name, so that every emulator
 * process on a database, and every start on a `--persist` directory, finds the same tables.
 *
 * @internal
 */
export const LASTING_SCHEMA = 'vendor_api'

/** What the schema's comment says it was made for: the hash of its tables, as `hostSchema` computes it. */
const MARK = 'tech-vendor/api tables '

const statement = (text: string, params: (string | null)[] = []): Statement => ({ text, params })

/**
 * Opens the lasting schema for a set of domains: creates it when the database has none, and refuses one made for
 * other domains, whose tables these domains could not read. Two processes that start at once on one database
 * take turns (a transaction-scoped advisory lock), so that one creates the schema and the other finds it.
 *
 * @param connection - Where the store's own statements run, outside any transaction.
 * @param schemas - The host's domains.
 * @param collation - The collation of text columns, or `undefined` for the database's.
 * @param where - Where the data is, as the message names it (`PGlite at .vendor-api`, `PostgreSQL`).
 * @returns The schema, named {@link LASTING_SCHEMA}.
 * @throws `IllegalStateException` when the schema was made for other domains.
 * @internal
 */
export function openLastingSchema(
  connection: SqlConnection,
  schemas: ReadonlyMap<string, DomainSchema>,
  collation: string | undefined,
  where: string,
): HostSchema {
  let hash = ''
  const schema = hostSchema(schemas, collation, (tablesHash) => {
    hash = tablesHash
    return LASTING_SCHEMA
  })
  const rollback = [statement('ROLLBACK')]
  const probe = connection.run(
    [
      statement('BEGIN'),
      statement('SELECT pg_advisory_xact_lock(hashtext($1))', [`@tech-vendor/api schema ${LASTING_SCHEMA}`]),
      statement(
        "SELECT coalesce(obj_description(oid, 'pg_namespace'), '') FROM pg_namespace WHERE nspname = $1",
        [LASTING_SCHEMA],
      ),
    ],
    rollback,
  )
  if (probe.error !== undefined)
    throw new IllegalStateException(
      `internal: ${where} refused to look for its schema: ${probe.error.message}`,
    )
  const found = probe.results[2]?.rows[0]?.[0]
  if (found === undefined) {
    const create = [
      // hostSchema's statements, inside the transaction that holds the lock.
      ...schema.create.slice(1, -1),
      statement(`COMMENT ON SCHEMA ${quoteName(LASTING_SCHEMA)} IS '${MARK}${hash}'`),
      statement('COMMIT'),
    ]
    const made = connection.run(create, rollback)
    if (made.error !== undefined)
      throw new IllegalStateException(
        `internal: ${where} refused the tables of the application: ${made.error.message}`,
      )
    return schema
  }
  connection.run([statement('COMMIT')])
  if (found !== `${MARK}${hash}`) {
    throw new IllegalStateException(
      `The data kept in ${where} (schema ${LASTING_SCHEMA}) was made for other domains than these: a domain or a ` +
        'field was added, removed or changed since, and its tables do not fit them. Nothing was changed. To keep the ' +
        'data, start once more with the earlier domains and write it out as a seed folder (vendor-api export, or ' +
        'emulator.exportData), then start with the new domains on an empty store and load the folder with --data. ' +
        `To start afresh, use an empty store (a new --persist directory, or DROP SCHEMA ${LASTING_SCHEMA} CASCADE).`,
    )
  }
  return schema
}
