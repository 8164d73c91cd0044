import type { Class, ExecutorService, ForkJoinPool, Thread } from '../model/java-types.js'
import type { DomainObjectRenderType } from '../model/domain-object-render-type.js'
import type { MessageSeverity } from '../model/message-severity.js'
import type { Notification } from '../model/notification.js'
import type { QueryCondition } from '../model/query-condition.js'
import type { Sql } from '../model/sql.js'
import type { StorageFieldValue } from '../model/storage-field-value.js'

/**
 * The host side of `StorageUtils`.
 *
 * @example
 * ```ts
 * import type { StorageRuntime } from '@tech-vendor/api/runtime-contract'
 *
 * let next = 1
 * const storage: StorageRuntime = {
 *   createStorageFileDomain: (fileName, mimeType, content) => ({
 *     id: next, fileName, mimeType, displaySequence: 0, description: null,
 *     key: `files/${next++}`, storageEngine: 'memory',
 *   }),
 * }
 * ```
 */
export interface StorageRuntime {
  /**
   * Saves the bytes and returns the stored file. The facade has already read the caller's `InputStream`
   * into one `Uint8Array` and checked the names.
   */
  createStorageFileDomain(fileName: string, mimeType: string, content: Uint8Array): StorageFieldValue
}

/**
 * The current database session, handed to `QueryHelper.withSession` and `withNewSession` closures.
 *
 * @example
 * ```ts
 * import { QueryHelper } from '@tech-vendor/api'
 *
 * QueryHelper.withSession((session) => session.flush())
 * ```
 */
export interface Session {
  /** Writes pending changes to the store. */
  flush(): void
  /** Forgets every object the session has loaded. */
  clear(): void
}

/**
 * The transaction status handed to a `QueryHelper.withTransaction` closure.
 *
 * @example
 * ```ts
 * import { QueryHelper } from '@tech-vendor/api'
 *
 * QueryHelper.withTransaction((status) => {
 *   // ... writes ...
 *   status.setRollbackOnly() // undo them all without throwing
 * })
 * ```
 */
export interface TransactionStatus {
  /** Marks the transaction so that it rolls back instead of committing. */
  setRollbackOnly(): void
  /** Whether the transaction is marked to roll back. */
  isRollbackOnly(): boolean
  /** `true` for the outermost transaction, `false` for a nested call that joined it. */
  isNewTransaction(): boolean
}

/**
 * A query as the facade hands it to the host: the domain, how conditions combine, and the conditions in the
 * order they were added.
 *
 * @example
 * ```ts
 * import type { QuerySpec } from '@tech-vendor/api/runtime-contract'
 *
 * const spec: QuerySpec = {
 *   target: 'Order',
 *   domain: 'Order',
 *   and: true,
 *   conditions: [{ operator: 'eq', field: 'status', value: 'OPEN' }],
 * }
 * ```
 */
export interface QuerySpec {
  /** What the plugin passed to `SimpleQuery.of`: a domain name or a class. */
  readonly target: string | Class<unknown>
  /** The domain name the host resolved `target` to. */
  readonly domain: string
  /** `true`: every condition must hold (AND); `false`: any condition (OR). */
  readonly and: boolean
  /** The conditions, in the order they were added. */
  readonly conditions: readonly QueryCondition[]
}

/**
 * One page request of `SimpleQuery.list`.
 *
 * @example
 * ```ts
 * import type { PageRequest } from '@tech-vendor/api/runtime-contract'
 *
 * const page: PageRequest = { offset: 0, limit: 20, orderBy: ['total'], asc: false }
 * ```
 */
export interface PageRequest {
  /** 0-based index of the first result; never negative (the facade checks). */
  readonly offset: number
  /** Most results to return; never negative (the facade checks). */
  readonly limit: number
  /** Fields to order by, most significant first; empty for the host's default (by id). */
  readonly orderBy: readonly string[]
  /** Ascending when `true`. */
  readonly asc: boolean
}

/**
 * One page of results and the count of all matches, which the facade turns into a `PaginationQueryResult`.
 *
 * @example
 * ```ts
 * import type { QueryPage } from '@tech-vendor/api/runtime-contract'
 *
 * const page: QueryPage = { items: [{ id: 1 }], totalCount: 40 }
 * ```
 */
export interface QueryPage {
  /** The objects of the page, in order. */
  readonly items: readonly unknown[]
  /** How many objects match without paging. */
  readonly totalCount: number
}

/**
 * The host side of `QueryHelper` and `SimpleQuery`.
 *
 * @example
 * ```ts
 * import type { QueryRuntime } from '@tech-vendor/api/runtime-contract'
 *
 * declare const query: QueryRuntime
 * const total = query.count('Order')
 * ```
 */
export interface QueryRuntime {
  /** Runs `closure` in the current session. */
  withSession<T>(closure: (session: Session) => T): T
  /** Runs `closure` in a new session that does not see the caller's uncommitted writes. */
  withNewSession<T>(closure: (session: Session) => T): T
  /** Runs `closure` in a transaction: commit on return, rollback on throw or `setRollbackOnly()`; nested calls join. */
  withTransaction<T>(closure: (status: TransactionStatus) => T): T
  /** Runs `action` with a `groovy.sql.Sql`, or throws `UnsupportedOperationException` where the store has no SQL. */
  withSql<T>(action: (sql: Sql) => T): T
  /** Resolves what `SimpleQuery.of` was given to a domain name; throws `IllegalArgumentException` for an unknown one. */
  resolveDomain(target: string | Class<unknown>): string
  /** Runs a query for one page. */
  list(query: QuerySpec, page: PageRequest): QueryPage
  /** Runs a query for every match. */
  listAll(query: QuerySpec): readonly unknown[]
  /** Runs a query for its single match: `null` for none, `NonUniqueResultException` for several. */
  get(query: QuerySpec): unknown
  /** The object with this id, or `null`. */
  getById(target: string | Class<unknown>, id: number): unknown
  /** The objects with these ids, in the order of `ids`, skipping ids that do not exist. */
  getByIds(target: string | Class<unknown>, ids: readonly number[]): readonly unknown[]
  /** Every object of the domain. */
  getAll(target: string | Class<unknown>): readonly unknown[]
  /** How many objects the domain holds. */
  count(target: string | Class<unknown>): number
}

/**
 * The host side of `DomainHelper`.
 *
 * @example
 * ```ts
 * import type { DomainRuntime } from '@tech-vendor/api/runtime-contract'
 *
 * declare const domain: DomainRuntime
 * const draft = domain.buildDomain('Order', { status: 'OPEN' })
 * domain.createDomain(draft)
 * ```
 */
export interface DomainRuntime {
  /** Builds an unsaved object of the domain that remembers its domain. */
  buildDomain(domain: string, properties?: Readonly<Record<string, unknown>>): object
  /** Validates and creates; writes nothing on failure. */
  createDomain(requestData: object): void
  /** Validates and updates; writes nothing on failure. */
  updateDomain(requestData: object): void
  /** Deletes. */
  deleteDomain(requestData: object): void
  /** Renders an object to a map according to the render type. */
  render(domainObject: object, renderType: DomainObjectRenderType): Record<string, unknown>
  /** Creates every object or none, and returns the created objects. */
  batchCreate(target: string | Class<unknown>, objects: readonly object[]): unknown[]
}

/**
 * The host side of `BeanContainer`.
 *
 * @example
 * ```ts
 * import type { BeanRuntime } from '@tech-vendor/api/runtime-contract'
 *
 * const beans: BeanRuntime = {
 *   getBean: (type) => { throw new Error(`no ${type.name}`) },
 *   getBeansOfType: () => [],
 * }
 * ```
 */
export interface BeanRuntime {
  /** The one bean of this type; `NoSuchBeanDefinitionException` for none or several. */
  getBean<T>(type: Class<T>): T
  /** Every bean of this type. */
  getBeansOfType<T>(type: Class<T>): T[]
}

/**
 * The host side of `AsyncHelper`: what the platform runtime really has. The members marked optional are
 * declared by the artifact but absent from the platform runtime; a host may still supply them.
 *
 * The facade hands every task over as a plain function, whichever `Runnable` form the plugin passed.
 *
 * @example
 * ```ts
 * import type { AsyncRuntime } from '@tech-vendor/api/runtime-contract'
 *
 * declare const async: AsyncRuntime
 * const cancel = async.scheduleAtFixRate(1000, () => console.log('tick'), false)
 * cancel()
 * ```
 */
export interface AsyncRuntime {
  /** Repeats `task` every `period` ms; calling the returned function cancels it. */
  scheduleAtFixRate(period: number, task: () => void, newThread: boolean): () => void
  /** Runs `task` once, asynchronously, and returns its handle. */
  task(task: () => void): Thread
  /** Runs `task` once on a thread of that name (runtime and 1.0.0 series). */
  taskNamed?(threadName: string, task: () => void): Thread
  /** Runs `supplier` asynchronously and settles with its result (runtime and 1.0.0 series). */
  supplyAsync?<T>(supplier: () => T | PromiseLike<T>): Promise<T>
  /** Declared by 0.0.5 as `task(boolean, Runnable)`; absent from the platform runtime. */
  taskOnNewThread?(newThread: boolean, task: () => void): void
  /** Declared by 0.0.5 as `task(ExecutorService, Runnable)`; absent from the platform runtime. */
  taskOnExecutor?(executor: ExecutorService, task: () => void): void
  /** Declared by 0.0.5 as `newForkJoinPool(int)`; absent from the platform runtime. */
  newForkJoinPool?(parallelism: number): ForkJoinPool
}

/**
 * A platform user, as the runtime's notification names its recipient.
 *
 * @example
 * ```ts
 * import type { PlatformUser } from '@tech-vendor/api/runtime-contract'
 *
 * const ann: PlatformUser = { id: 7, username: 'ann' }
 * ```
 */
export interface PlatformUser {
  /** The user's id. */
  readonly id: number
  /** The login name. */
  readonly username: string
  /** The display name, when known. */
  readonly name?: string
}

/**
 * The notification the platform runtime really sends with `pushMessage`: its recipient is `toUser`, a user
 * object, where the artifact declares `toUserName`.
 *
 * @example
 * ```ts
 * import type { RuntimeNotification } from '@tech-vendor/api/runtime-contract'
 *
 * const n: RuntimeNotification = { title: null, content: 'Done', severity: 'INFO', toUser: { id: 7, username: 'ann' }, link: null }
 * ```
 */
export interface RuntimeNotification {
  /** A short title, `null` when none. */
  readonly title: string | null
  /** The message text. */
  readonly content: string
  /** How the backend filters it and the frontend shows it. */
  readonly severity: MessageSeverity
  /** The recipient. */
  readonly toUser: PlatformUser
  /** A link the frontend offers, `null` when none. */
  readonly link: string | null
}

/**
 * The host side of `MessageHelper`: the platform runtime has `pushMessage`; the declared `pushNotification`
 * is absent from it (a host may still supply it).
 *
 * @example
 * ```ts
 * import type { MessageRuntime } from '@tech-vendor/api/runtime-contract'
 *
 * const sent: unknown[] = []
 * const messages: MessageRuntime = { pushMessage: (n) => void sent.push(n) }
 * ```
 */
export interface MessageRuntime {
  /** Sends a message to `notification.toUser`. */
  pushMessage(notification: RuntimeNotification): void
  /** Declared by the artifact; absent from the platform runtime. */
  pushNotification?(notification: Notification): void
}

/**
 * The host side of 1.0.0-series dynamic RPC (`DynamicRpcClientService`, `@RpcClient`).
 *
 * @example
 * ```ts
 * import type { RpcRuntime } from '@tech-vendor/api/runtime-contract'
 *
 * const rpc: RpcRuntime = { invoke: (service, method, args) => `${service}.${method}(${args.length})` }
 * ```
 */
export interface RpcRuntime {
  /** Calls `method` of the RPC service registered as `serviceName` with `args`, and returns its result. */
  invoke(serviceName: string, method: string, args: readonly unknown[]): unknown
}
