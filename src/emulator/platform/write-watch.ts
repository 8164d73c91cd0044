import type {
  HostData,
  OpenRequest,
  SelectResult,
  Store,
  StoreContext,
  StoreSavepoint,
  StoreSql,
  StoreTransaction,
  StoredFileRecord,
} from '../../testing/store/store.js'
import type { StoredRow } from '../../testing/domains/schema.js'
import type { ValidPage, ValidQuery } from '../../testing/store/query/valid-query.js'

/**
 * Tells when the rows of some domains may have changed, for what the emulator derives from them and keeps (the
 * users' roles): {@link WriteWatch.version} is a number that changes whenever a write could have changed them, in
 * this process. The emulator's host keeps its data in {@link WriteWatch.store}, the store it was given with each
 * write looked at on its way in, so every write counts, whoever makes it: REST routes, dynamic logic, plugins,
 * a test through `emulator.host`, the seed import.
 *
 * The version changes at a write to a watched domain (a transaction's too, and again when that transaction
 * commits or rolls back, since what other sessions see changes then), at every SQL statement (raw SQL can write
 * any table), and when the store gives the data back. It errs on the side of changing: a reader only reads
 * again.
 *
 * Writes by other processes on a store they share are not seen: there, keep nothing derived (see
 * `UserDirectory`'s `cache` option).
 *
 * @internal
 */
export class WriteWatch {
  readonly #domains: ReadonlySet<string>
  #version = 0

  /** @param domains - The domains whose writes change the version. */
  constructor(domains: Iterable<string>) {
    this.#domains = new Set(domains)
  }

  /** A number that is the same as last read only if nothing could have changed the watched domains since. */
  get version(): number {
    return this.#version
  }

  /**
   * The store to give the host: `inner`, with its writes watched. What is not a store is handed back as it is,
   * for `createTestHost` to refuse with its message.
   *
   * @param inner - The store the emulator was given (or the in-memory one).
   */
  store(inner: Store): Store {
    if (typeof inner !== 'object' || inner === null || typeof inner.open !== 'function') return inner
    return {
      kind: inner.kind,
      open: (request: OpenRequest): HostData => new WatchedData(inner.open(request), this),
      close: () => inner.close(),
    }
  }

  /** A write to `domain` (or `undefined`: anything) may have happened. */
  touched(domain: string | undefined): boolean {
    if (domain !== undefined && !this.#domains.has(domain)) return false
    this.#version++
    return true
  }
}

/** A host's data whose writes {@link WriteWatch} sees; everything else is the inner data's. */
class WatchedData implements HostData {
  readonly #inner: HostData
  readonly #watch: WriteWatch
  /** The transactions that wrote a watched domain: their commit or rollback changes the version again. */
  readonly #touching = new WeakSet<StoreTransaction>()

  readonly createReferencing: HostData['createReferencing']

  constructor(inner: HostData, watch: WriteWatch) {
    this.#inner = inner
    this.#watch = watch
    const create = inner.createReferencing
    // Only where the inner data has it: without, the host checks references first, as the inner data expects.
    this.createReferencing =
      create === undefined
        ? undefined
        : (context, domain, build, references) => {
            try {
              return create.call(inner, context, domain, build, references)
            } finally {
              this.#wrote(context, domain)
            }
          }
  }

  get store(): Store {
    return this.#inner.store
  }

  get schemas(): HostData['schemas'] {
    return this.#inner.schemas
  }

  nextId(): number {
    return this.#inner.nextId()
  }

  domainOfId(id: number, tenant: string): string | undefined {
    return this.#inner.domainOfId(id, tenant)
  }

  get(context: StoreContext, domain: string, id: number): StoredRow | undefined {
    return this.#inner.get(context, domain, id)
  }

  select(context: StoreContext, domain: string, query: ValidQuery, page?: ValidPage): SelectResult {
    return this.#inner.select(context, domain, query, page)
  }

  count(context: StoreContext, domain: string, query: ValidQuery): number {
    return this.#inner.count(context, domain, query)
  }

  write(context: StoreContext, domain: string, id: number, row: StoredRow | null): void {
    try {
      this.#inner.write(context, domain, id, row)
    } finally {
      this.#wrote(context, domain)
    }
  }

  /** A write to `domain` may have happened in the context. */
  #wrote(context: StoreContext, domain: string): void {
    if (this.#watch.touched(domain) && context.transaction !== undefined)
      this.#touching.add(context.transaction)
  }

  writeFile(context: StoreContext, file: StoredFileRecord): void {
    this.#inner.writeFile(context, file)
  }

  readFile(context: StoreContext, id: number): StoredFileRecord | undefined {
    return this.#inner.readFile(context, id)
  }

  begin(tenant: string): StoreTransaction {
    return this.#inner.begin(tenant)
  }

  commit(transaction: StoreTransaction): void {
    try {
      this.#inner.commit(transaction)
    } finally {
      this.#ended(transaction)
    }
  }

  rollback(transaction: StoreTransaction): void {
    try {
      this.#inner.rollback(transaction)
    } finally {
      this.#ended(transaction)
    }
  }

  savepoint(transaction: StoreTransaction): StoreSavepoint {
    return this.#inner.savepoint(transaction)
  }

  rollbackTo(transaction: StoreTransaction, savepoint: StoreSavepoint): void {
    try {
      this.#inner.rollbackTo(transaction, savepoint)
    } finally {
      if (this.#touching.has(transaction)) this.#watch.touched(undefined)
    }
  }

  isolated<T>(context: StoreContext, fn: () => T): T {
    return this.#inner.isolated(context, fn)
  }

  snapshot(): ReturnType<HostData['snapshot']> {
    return this.#inner.snapshot()
  }

  sql(context: StoreContext): StoreSql | undefined {
    const sql = this.#inner.sql(context)
    if (sql === undefined) return undefined
    // A copy whose every method changes the version before and after it runs (the store's may be frozen, so no
    // Proxy: it could not answer for a frozen method with another function).
    const watched: Record<string, unknown> = {}
    for (
      let from: object | null = sql;
      from !== null && from !== Object.prototype;
      from = Object.getPrototypeOf(from) as object | null
    ) {
      for (const key of Object.getOwnPropertyNames(from)) {
        if (key === 'constructor' || key in watched) continue
        const value: unknown = (sql as unknown as Record<string, unknown>)[key]
        watched[key] =
          typeof value !== 'function'
            ? value
            : (...args: unknown[]): unknown => {
                this.#watch.touched(undefined)
                try {
                  return Reflect.apply(value, sql, args)
                } finally {
                  this.#watch.touched(undefined)
                }
              }
      }
    }
    return Object.freeze(watched) as unknown as StoreSql
  }

  release(): boolean {
    try {
      return this.#inner.release()
    } finally {
      this.#watch.touched(undefined)
    }
  }

  #ended(transaction: StoreTransaction): void {
    if (!this.#touching.has(transaction)) return
    this.#touching.delete(transaction)
    this.#watch.touched(undefined)
  }
}
