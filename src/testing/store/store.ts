import type { StorageFieldValue } from '../../model/storage-field-value.js'
import type { Sql } from '../../model/sql.js'
import type { DomainSchema, StoredRow } from '../domains/schema.js'
import type { ValidPage, ValidQuery } from './query/valid-query.js'

/**
 * Where a reference host keeps its data: the in-memory engine (the default), or a PostgreSQL database.
 * Made before the host (`createTestHost({ store })`); one store serves the hosts of a test file one after
 * another, each with data of its own. Close it when the file is done.
 *
 * @example
 * ```ts
 * import { createTestHost, type Store } from '@tech-vendor/api/testing'
 *
 * declare const store: Store // await pgliteStore(), postgresStore({ url }), or memoryStore()
 * using host = createTestHost({ domains: { Tag: { fields: { name: 'STRING' } } }, store }).install()
 * await store.close()
 * ```
 */
export interface Store {
  /** What the store is, as messages name it: `in-memory`, `PGlite`, `PostgreSQL`. */
  readonly kind: string
  /**
   * Gives one host its data: the domains' tables, empty, for the given tenants. A store serves one host's data
   * at a time; the host hands it back with {@link HostData.release} when it is uninstalled.
   *
   * @internal
   */
  open(request: OpenRequest): HostData
  /** Frees what the store holds (a database, connections, a worker). Hosts cannot use it afterwards. */
  close(): Promise<void>
}

/** What a host asks a store for. @internal */
export interface OpenRequest {
  /** The host's name, for messages. */
  readonly hostName: string
  /** The host's domains. */
  readonly schemas: ReadonlyMap<string, DomainSchema>
  /** The tenants the host knows. */
  readonly tenants: readonly string[]
  /**
   * Keep what the host commits, for the next start and for other processes on the same database (the emulator's
   * `persist` and shared `store`, SPEC §15.2): the tables are the application's lasting schema, ids go on from
   * where they were, and `release` gives the store back without emptying anything. A store that keeps nothing
   * beyond the process (the in-memory one) ignores it.
   */
  readonly lasting?: boolean
}

/**
 * Where code reads and writes: the tenant (every read and write is confined to it) and the transaction of its
 * session, if one runs.
 *
 * @internal
 */
export interface StoreContext {
  readonly tenant: string
  readonly transaction: StoreTransaction | undefined
}

/**
 * A transaction a store runs for a session: opaque to the host, which hands it back to the store.
 *
 * @internal
 */
export interface StoreTransaction {
  /** The tenant it writes to; a transaction never crosses tenants. */
  readonly tenant: string
  /** Set by `setRollbackOnly()` or by a joined call that threw: it rolls back instead of committing. */
  rollbackOnly: boolean
}

/** A point inside a transaction to roll back to: opaque to the host. @internal */
export type StoreSavepoint = unknown

/**
 * What a store's SQL runs: every statement method of `groovy.sql.Sql` (`rows` to `withBatch`) on one session's
 * connection, `withTransaction` aside.
 *
 * @internal
 */
export type StoreSql = Omit<Sql, 'withTransaction'>

/**
 * One page of rows and how many rows match without paging.
 *
 * @internal
 */
export interface SelectResult {
  /** The page's rows, in order (a fresh array the caller owns). */
  readonly rows: StoredRow[]
  /** The number of all matches. */
  readonly totalCount: number
}

/**
 * A row a new row references: its domain and id.
 *
 * @internal
 */
export interface RowReference {
  readonly domain: string
  readonly id: number
}

/**
 * A stored file's record as the store keeps it (the bytes stay with the host's storage): what a FILE field
 * references.
 *
 * @internal
 */
export interface StoredFileRecord {
  readonly value: StorageFieldValue
  readonly tenant: string
}

/**
 * One host's data in a store: what the host's facets read and write through. Queries arrive validated
 * (`validateQuery`, `validatePage`), so that a mistake gets the same message on every store; rows are the
 * normalised values every store exchanges (`StoredRow`).
 *
 * @internal
 */
export interface HostData {
  /** The store it lives in. */
  readonly store: Store
  /** The host's domains. */
  readonly schemas: ReadonlyMap<string, DomainSchema>

  /** A fresh id from the one sequence every domain and stored file shares (Hibernate's `hibernate_sequence`). */
  nextId(): number
  /**
   * The domain of the object with an id in a tenant, its writes not yet committed included, or `undefined`
   * when the tenant has none: another tenant's ids are not told apart from ids no object has.
   */
  domainOfId(id: number, tenant: string): string | undefined

  /** The row with an id, as the context sees the data. */
  get(context: StoreContext, domain: string, id: number): StoredRow | undefined
  /** Every match of a query, or one page of them, as the context sees the data. */
  select(context: StoreContext, domain: string, query: ValidQuery, page?: ValidPage): SelectResult
  /** How many rows match a query, as the context sees the data. */
  count(context: StoreContext, domain: string, query: ValidQuery): number
  /** Writes a row (insert, or replace by id), or deletes the id when `row` is `null`. */
  write(context: StoreContext, domain: string, id: number, row: StoredRow | null): void
  /**
   * Creates a row with the next id, if every row it references exists as the context sees the data: the
   * check and the write in one step, for a store where each read costs a round trip. Where one is missing,
   * nothing is written and no id is used up (the next id is the same). Optional: without it, the host checks
   * each reference with {@link HostData.get}, then takes an id and writes.
   *
   * @param build - The row, given its id.
   * @param references - The rows it must find, by domain and id.
   * @returns The row written, or `undefined` when a referenced row is missing.
   */
  readonly createReferencing?:
    | ((
        context: StoreContext,
        domain: string,
        build: (id: number) => StoredRow,
        references: readonly RowReference[],
      ) => StoredRow | undefined)
    | undefined

  /** Records a stored file, so that FILE fields can reference it. */
  writeFile(context: StoreContext, file: StoredFileRecord): void
  /** The record of a stored file by id, in the context's tenant. */
  readFile(context: StoreContext, id: number): StoredFileRecord | undefined

  /** Starts a transaction for a session of `tenant`. */
  begin(tenant: string): StoreTransaction
  /**
   * Makes a transaction's writes visible to every session; when it throws instead (a statement failed in the
   * transaction), the transaction has been rolled back and has ended all the same.
   */
  commit(transaction: StoreTransaction): void
  /** Discards a transaction's writes. */
  rollback(transaction: StoreTransaction): void
  /** A point to roll back to inside a transaction. */
  savepoint(transaction: StoreTransaction): StoreSavepoint
  /** Discards what a transaction wrote since `savepoint`. */
  rollbackTo(transaction: StoreTransaction, savepoint: StoreSavepoint): void
  /**
   * Runs `fn` as a new session beside the context's (`withNewSession`): it does not see the context's
   * uncommitted writes, and what it writes is not rolled back with the context's transaction. A store that
   * cannot do this exactly does it faithfully or throws, never gives wrong data.
   */
  isolated<T>(context: StoreContext, fn: () => T): T

  /** Every committed row, by tenant and domain: what `assertRepeatableOnLoad` compares. */
  snapshot(): Map<string, Map<string, ReadonlyMap<number, StoredRow>>>
  /**
   * The statements of a `groovy.sql.Sql` on the context's session, or `undefined` where the store runs no SQL.
   * The host adds `withTransaction`, which joins the session's transaction as `QueryHelper.withTransaction`
   * does (a store cannot: the session's transaction is the host's to set).
   */
  sql(context: StoreContext): StoreSql | undefined
  /**
   * The host was uninstalled: hands the store back.
   *
   * @returns `true` when the data is gone (a PostgreSQL store rolls the host's transaction back, and the next
   *   use starts from empty tables), `false` when it stays (the in-memory store keeps it for the host).
   */
  release(): boolean
}
