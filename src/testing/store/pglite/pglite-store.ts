import { IllegalArgumentException } from '../../../errors/illegal-argument-exception.js'
import { IllegalStateException } from '../../../errors/illegal-state-exception.js'
import { describeValue } from '../../domains/describe-value.js'
import type { HostData, OpenRequest, Store } from '../store.js'
import { checkStoreFree } from '../sql/check-store-free.js'
import { hostSchema, type HostSchema } from '../sql/host-schema.js'
import { openLastingSchema } from '../sql/lasting-schema.js'
import { pgliteConnection, type PgliteConnection, type PgliteEngine } from './pglite-connection.js'
import { PgliteData } from './pglite-data.js'
import { readSnapshot, snapshotPath, writeSnapshot } from './pglite-snapshot.js'
import type { PgliteStoreOptions } from './pglite-store-options.js'
import { withRealTimers } from './with-real-timers.js'
import { unknownOptions } from '../../host/unknown-options.js'

/** The PGlite version range the store is built and tested against (`@electric-sql/pglite` is 0.x). */
const PGLITE_RANGE = '~0.5.16'

/** What the store uses of `@electric-sql/pglite`. */
interface PgliteModule {
  readonly PGlite: {
    create(options?: {
      dataDir?: string
      loadDataDir?: Blob
    }): Promise<PgliteEngine & { close(): Promise<void>; dumpDataDir(compression?: 'none'): Promise<Blob> }>
  }
}

/**
 * Makes a store that keeps hosts' data in PGlite, PostgreSQL compiled to WebAssembly and run in this process
 * (`@electric-sql/pglite`, an optional peer dependency: install it as a devDependency). Hosts on it run
 * `QueryHelper.withSql`, and queries, ordering and case folding are PostgreSQL's own (PostgreSQL 18).
 *
 * Make one per test file, before the hosts and before any fake timers, and close it when the file is done (an
 * open PGlite keeps Node running). It serves one host at a time: each host's data is one PostgreSQL transaction
 * that `uninstall()` rolls back, so a host per test costs a few milliseconds; the tables of a set of domains
 * are created once and kept. PGlite has one connection, so `QueryHelper.withNewSession` inside a transaction is
 * emulated (docs/sql.md says how, and what it refuses).
 *
 * @param options - `dataDir` to keep the database between runs; `collation` of text columns.
 * @returns The store, to pass as `createTestHost({ store })`.
 * @throws `IllegalArgumentException` for an unknown option or value.
 * @throws `IllegalStateException` when `@electric-sql/pglite` is not installed.
 * @see {@link postgresStore} for a PostgreSQL server.
 * @example
 * ```ts
 * import { QueryHelper } from '@tech-vendor/api'
 * import { createTestHost, pgliteStore } from '@tech-vendor/api/testing'
 *
 * const store = await pgliteStore()
 * using host = createTestHost({ domains: { Tag: { fields: { name: 'STRING' } } }, store }).install()
 * const [row] = QueryHelper.withSql((sql) => sql.rows('select count(*) as tags from tag'))
 * console.log(row) // { tags: 0 }
 * host.uninstall()
 * await store.close()
 * ```
 */
export async function pgliteStore(options: PgliteStoreOptions = {}): Promise<Store> {
  const { dataDir, collation } = checkOptions(options)
  const module = await loadPglite()
  const engine = await withRealTimers(() => start(module, dataDir))
  return new PgliteStore(engine, collation === 'und' ? 'und-x-icu' : undefined, dataDir)
}

/** Each PGlite store's connection, for {@link pgliteRoundTrips}. */
const connections = new WeakMap<Store, PgliteConnection>()

/**
 * How many round trips into its PGlite a store made so far: what a test counts to hold the cost of a call.
 *
 * @param store - A store `pgliteStore()` made.
 * @returns The count, or `undefined` for another store.
 * @internal
 */
export function pgliteRoundTrips(store: Store): number | undefined {
  return connections.get(store)?.roundTrips
}

class PgliteStore implements Store {
  readonly kind = 'PGlite'
  readonly #engine: PgliteEngine & { close(): Promise<void> }
  readonly #connection: PgliteConnection
  readonly #collation: string | undefined
  /** Where the database is kept, if not in memory. */
  readonly #dataDir: string | undefined
  /** The schemas known to exist, by name. */
  readonly #schemas = new Set<string>()
  /** The hash of each set of tables a host opened with, by their statements (see `hostSchema`). */
  readonly #hashes = new Map<string, string>()
  /** The host whose data is open, by name. */
  #holder: string | undefined

  constructor(
    engine: PgliteEngine & { close(): Promise<void> },
    collation: string | undefined,
    dataDir: string | undefined,
  ) {
    this.#engine = engine
    this.#connection = pgliteConnection(engine)
    connections.set(this, this.#connection)
    this.#collation = collation
    this.#dataDir = dataDir
  }

  open(request: OpenRequest): HostData {
    checkStoreFree(
      { kind: this.kind, factory: 'pgliteStore' },
      this.#connection.closed,
      this.#holder,
      request.hostName,
    )
    // The application's lasting data (`OpenRequest.lasting`) keeps every commit in a schema of its own.
    const lasting = request.lasting === true
    const schema = lasting
      ? openLastingSchema(
          this.#connection,
          request.schemas,
          this.#collation,
          this.#dataDir === undefined ? 'PGlite (in memory)' : `PGlite at ${this.#dataDir}`,
        )
      : this.#testSchema(request)
    this.#holder = request.hostName
    return new PgliteData(
      this,
      request,
      schema.mapping,
      schema.name,
      this.#connection,
      () => {
        this.#holder = undefined
      },
      lasting,
    )
  }

  /** The schema of a test host's domains, made once and kept for every host with the same domains. */
  #testSchema(request: OpenRequest): HostSchema {
    const schema = hostSchema(request.schemas, this.#collation, (hash) => `tv_${hash}`, this.#hashes)
    if (!this.#schemas.has(schema.name)) {
      const exists = this.#connection.run([
        { text: 'SELECT 1 FROM pg_namespace WHERE nspname = $1', params: [schema.name] },
      ])
      if (exists.results[0]?.rows.length === 0) {
        const reply = this.#connection.run(schema.create, [{ text: 'ROLLBACK', params: [] }])
        if (reply.error !== undefined)
          throw new IllegalStateException(
            `internal: PGlite refused the tables of test host '${request.hostName}': ${reply.error.message}`,
          )
      }
      this.#schemas.add(schema.name)
    }
    return schema
  }

  async close(): Promise<void> {
    if (this.#connection.closed) return
    this.#connection.close()
    await withRealTimers(() => this.#engine.close())
  }
}

/** A new PGlite: from `dataDir`, or from the cached snapshot of a new database (made on first use). */
async function start(
  module: PgliteModule,
  dataDir: string | undefined,
): Promise<PgliteEngine & { close(): Promise<void> }> {
  if (dataDir !== undefined) return module.PGlite.create({ dataDir })
  const path = snapshotPath()
  const snapshot = readSnapshot(path)
  if (snapshot !== undefined) {
    try {
      return await module.PGlite.create({ loadDataDir: new Blob([snapshot]) })
    } catch {
      // A snapshot this PGlite cannot read (damaged): make a new one.
    }
  }
  const engine = await module.PGlite.create()
  writeSnapshot(path, new Uint8Array(await (await engine.dumpDataDir('none')).arrayBuffer()))
  return engine
}

async function loadPglite(): Promise<PgliteModule> {
  try {
    return await import('@electric-sql/pglite')
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new IllegalStateException(
        `pgliteStore needs @electric-sql/pglite, an optional peer dependency of @tech-vendor/api: install it with ` +
          `npm install --save-dev @electric-sql/pglite@${PGLITE_RANGE}`,
        { cause: error },
      )
    }
    throw error
  }
}

const OPTION_NAMES: ReadonlySet<string> = new Set(['dataDir', 'collation'])

function checkOptions(options: unknown): PgliteStoreOptions {
  const usage = "pgliteStore({ dataDir?: string, collation?: 'C' | 'und' })"
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new IllegalArgumentException(`${usage} expects an options object, got ${describeValue(options)}.`)
  const problems = unknownOptions(options, OPTION_NAMES)
  const { dataDir, collation } = options as Record<string, unknown>
  if (dataDir !== undefined && (typeof dataDir !== 'string' || dataDir === ''))
    problems.push(`dataDir must be a directory path, got ${describeValue(dataDir)}`)
  if (collation !== undefined && collation !== 'C' && collation !== 'und')
    problems.push(
      `collation must be 'C' (code-point order, the default) or 'und' (Unicode root order), got ${describeValue(collation)}`,
    )
  if (problems.length > 0) throw new IllegalArgumentException(`${usage}: ${problems.join('; ')}.`)
  return options
}
