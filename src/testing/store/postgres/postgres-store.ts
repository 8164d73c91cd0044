import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { IllegalArgumentException } from '../../../errors/illegal-argument-exception.js'
import { IllegalStateException } from '../../../errors/illegal-state-exception.js'
import { describeValue } from '../../domains/describe-value.js'
import type { HostData, OpenRequest, Store } from '../store.js'
import { checkStoreFree } from '../sql/check-store-free.js'
import { hostSchema } from '../sql/host-schema.js'
import { openLastingSchema } from '../sql/lasting-schema.js'
import { runOwnStatements } from '../sql/run-own-statements.js'
import { quoteName } from '../sql/sql-name.js'
import type { Statement } from '../sql/statement.js'
import { PostgresData } from './postgres-data.js'
import type { PostgresStoreOptions } from './postgres-store-options.js'
import { ServerConnections } from './server-connections.js'
import { SyncBridge } from './sync-bridge.js'
import { unknownOptions } from '../../host/unknown-options.js'

/** How long a statement may run on the server; the bridge waits a little longer, so that the server reports. */
const STATEMENT_TIMEOUT_MS = 30_000
/** The default wait for a lock, in milliseconds: the bound on a session that waits for another's row. */
const LOCK_TIMEOUT_MS = 2_000
/** The schemas a store makes: `tv_<hash of the tables>_<store token>`. */
const STORE_SCHEMA = /^tv_[0-9a-f]{16}_([0-9a-z]+)$/

/**
 * Makes a store that keeps hosts' data on a PostgreSQL server, through `pg` (an optional peer dependency:
 * install it as a devDependency). Hosts on it run `QueryHelper.withSql`, and everything is the server's own:
 * queries, locks, and `withNewSession` on a second connection. `createTestHost` stays synchronous: the
 * connections live in a worker thread, which the calling thread waits on.
 *
 * The store makes its tables in schemas of its own (`tv_...`), dropped at `close()` (and, should the process
 * die first, by the next store on the database), so test files running at the same time on one database do not
 * meet. It serves one host at a time: what the host commits is committed, and `uninstall()` empties what it
 * wrote. A session that waits for another's lock fails after `lockTimeout` with SQLSTATE `55P03`, never
 * hangs; a call the server does not answer within 35 seconds stops the store.
 *
 * @param options - `url`, such as `postgres://user:password@127.0.0.1:5432/tests`; `lockTimeout` in ms.
 * @returns The store, to pass as `createTestHost({ store })`.
 * @throws `IllegalArgumentException` for a missing or malformed option.
 * @throws `IllegalStateException` when `pg` is not installed.
 * @throws `SQLException` when the server cannot be reached with the URL.
 * @see {@link pgliteStore} for PostgreSQL without a server.
 * @example
 * ```ts
 * import { QueryHelper } from '@tech-vendor/api'
 * import { createTestHost, postgresStore } from '@tech-vendor/api/testing'
 *
 * const store = postgresStore({ url: 'postgres://tests:tests@127.0.0.1:5432/tests' })
 * using host = createTestHost({ domains: { Tag: { fields: { name: 'STRING' } } }, store }).install()
 * console.log(QueryHelper.withSql((sql) => sql.firstRow('select current_schema() as schema')))
 * host.uninstall()
 * await store.close()
 * ```
 */
export function postgresStore(options: PostgresStoreOptions): Store {
  const { url, lockTimeout } = checkOptions(options)
  requirePg()
  const bridge = new SyncBridge(
    {
      url,
      settings: [
        "SET TimeZone = 'UTC'",
        "SET DateStyle = 'ISO, YMD'",
        "SET IntervalStyle = 'postgres'",
        `SET lock_timeout = ${lockTimeout}`,
        `SET statement_timeout = ${STATEMENT_TIMEOUT_MS}`,
      ],
    },
    STATEMENT_TIMEOUT_MS + 5_000,
  )
  try {
    return new PostgresStore(bridge)
  } catch (error) {
    void bridge.close().catch(() => undefined)
    throw error
  }
}

class PostgresStore implements Store {
  readonly kind = 'PostgreSQL'
  readonly #bridge: SyncBridge
  readonly #connections: ServerConnections
  /** This store's mark in its schemas' names, and the key of the advisory lock that says it is alive. */
  readonly #token = randomBytes(6).readUIntBE(0, 6).toString(36)
  readonly #schemas = new Set<string>()
  readonly #collation: { readonly column: string | undefined; readonly like: string | undefined }
  #holder: string | undefined
  #closed = false

  constructor(bridge: SyncBridge) {
    this.#bridge = bridge
    this.#connections = new ServerConnections(bridge)
    this.#collation = this.#probeCollation()
    this.#own([{ text: 'SELECT pg_advisory_lock(hashtext($1))', params: [this.#lockKey(this.#token)] }])
    this.#dropAbandonedSchemas()
  }

  open(request: OpenRequest): HostData {
    checkStoreFree(
      { kind: this.kind, factory: 'postgresStore' },
      this.#closed,
      this.#holder,
      request.hostName,
    )
    // The application's lasting data is in the database's schema of its own, shared with every process that
    // opens it, which neither close() nor the next store drops; a test host's, in a schema of this store's.
    const lasting = request.lasting === true
    const schema = lasting
      ? openLastingSchema(
          { run: (statements, onError) => this.#connections.run(0, statements, onError) },
          request.schemas,
          this.#collation.column,
          'PostgreSQL',
        )
      : hostSchema(request.schemas, this.#collation.column, (hash) => `tv_${hash}_${this.#token}`)
    if (!lasting && !this.#schemas.has(schema.name)) {
      this.#own(schema.create)
      this.#schemas.add(schema.name)
    }
    this.#holder = request.hostName
    return new PostgresData(
      this,
      request,
      schema.mapping,
      schema.name,
      this.#collation.like,
      this.#connections,
      (dropped) => {
        this.#holder = undefined
        if (dropped) {
          this.#schemas.delete(schema.name)
          this.#connections.forget(schema.name)
        }
      },
      lasting,
    )
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    const schemas = [...this.#schemas].map((name) => ({
      text: `DROP SCHEMA IF EXISTS ${quoteName(name)} CASCADE`,
      params: [],
    }))
    try {
      if (schemas.length > 0) this.#connections.run(0, schemas)
    } finally {
      await this.#bridge.close()
    }
  }

  /**
   * How text columns compare by code point (SPEC §10.3: collation C) while `iLike` still folds every letter's
   * case: a database whose collation is already C or code-point UTF-8 needs nothing; otherwise the columns are
   * `pg_c_utf8` (PostgreSQL 17 and later) or `C`, and `iLike` folds by the database's own `default` collation.
   */
  #probeCollation(): { column: string | undefined; like: string | undefined } {
    const reply = this.#connections.run(0, [
      {
        text:
          "SELECT current_setting('server_version_num')::int AS version, datcollate, datctype FROM pg_database " +
          'WHERE datname = current_database()',
        params: [],
      },
    ])
    const [version = '0', collate = '', ctype = ''] = reply.results[0]?.rows[0] ?? []
    const plain = (name: string): boolean => /^(C|POSIX)$/i.test(name ?? '')
    const codePoints = (name: string): boolean => plain(name) || /^C\.UTF-?8$/i.test(name ?? '')
    if (codePoints(collate as string)) {
      if (!plain(ctype as string)) return { column: undefined, like: undefined }
      return { column: undefined, like: Number(version) >= 170000 ? 'pg_c_utf8' : undefined }
    }
    if (Number(version) >= 170000) return { column: 'pg_c_utf8', like: undefined }
    return { column: 'C', like: plain(ctype as string) ? undefined : 'default' }
  }

  /** Drops the schemas of stores whose process is gone: their advisory lock is free. */
  #dropAbandonedSchemas(): void {
    const reply = this.#connections.run(0, [
      { text: "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'tv\\_%'", params: [] },
    ])
    const tokens = new Map<string, string[]>()
    for (const [name] of reply.results[0]?.rows ?? []) {
      const token = STORE_SCHEMA.exec(name ?? '')?.[1]
      if (token === undefined || token === this.#token) continue
      tokens.set(token, [...(tokens.get(token) ?? []), name as string])
    }
    for (const [token, names] of tokens) {
      const key = this.#lockKey(token)
      const [locked] = this.#connections.run(0, [
        { text: 'SELECT pg_try_advisory_lock(hashtext($1))', params: [key] },
      ]).results
      if (locked?.rows[0]?.[0] !== 't') continue
      this.#connections.run(0, [
        ...names.map((name) => ({ text: `DROP SCHEMA IF EXISTS ${quoteName(name)} CASCADE`, params: [] })),
        { text: 'SELECT pg_advisory_unlock(hashtext($1))', params: [key] },
      ])
    }
  }

  #lockKey(token: string): string {
    return `@tech-vendor/api postgresStore ${token}`
  }

  /** Runs the store's own statements, which must not fail. */
  #own(statements: readonly Statement[]): void {
    runOwnStatements(
      this.kind,
      { run: (own, onError) => this.#connections.run(0, own, onError) },
      statements,
      [{ text: 'ROLLBACK', params: [] }],
    )
  }
}

/** Fails early, with what to install, when `pg` is missing. */
function requirePg(): void {
  try {
    createRequire(import.meta.url).resolve('pg')
  } catch (error) {
    throw new IllegalStateException(
      'postgresStore needs pg, an optional peer dependency of @tech-vendor/api: install it with npm install --save-dev pg',
      { cause: error },
    )
  }
}

const OPTION_NAMES: ReadonlySet<string> = new Set(['url', 'lockTimeout'])

function checkOptions(options: unknown): { url: string; lockTimeout: number } {
  const usage = 'postgresStore({ url: string, lockTimeout?: number })'
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new IllegalArgumentException(`${usage} expects an options object, got ${describeValue(options)}.`)
  const problems = unknownOptions(options, OPTION_NAMES)
  const { url, lockTimeout = LOCK_TIMEOUT_MS } = options as Record<string, unknown>
  if (typeof url !== 'string' || !/^postgres(ql)?:\/\//.test(url)) {
    // A URL may hold a password: it is not repeated in the message.
    const given =
      typeof url === 'string' ? 'a string that does not start with postgres://' : describeValue(url)
    problems.push(
      `url must be a PostgreSQL connection URL such as postgres://user:password@127.0.0.1:5432/tests, got ${given}`,
    )
  }
  if (
    typeof lockTimeout !== 'number' ||
    !Number.isSafeInteger(lockTimeout) ||
    lockTimeout < 1 ||
    lockTimeout >= STATEMENT_TIMEOUT_MS
  )
    problems.push(
      `lockTimeout must be a whole number of milliseconds from 1 to ${STATEMENT_TIMEOUT_MS - 1}, got ${describeValue(lockTimeout)}`,
    )
  if (problems.length > 0) throw new IllegalArgumentException(`${usage}: ${problems.join('; ')}.`)
  return { url: url as string, lockTimeout: lockTimeout as number }
}
