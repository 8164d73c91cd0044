import type { Sql } from '../../../model/sql.js'
import type { DomainSchema, StoredRow } from '../../domains/schema.js'
import type { ValidPage, ValidQuery } from '../query/valid-query.js'
import type {
  HostData,
  OpenRequest,
  SelectResult,
  Store,
  StoreContext,
  StoreSavepoint,
  StoreTransaction,
  StoredFileRecord,
} from '../store.js'
import { NewSession } from './new-session.js'
import { Table } from './table.js'
import { Transaction } from './transaction.js'

/**
 * The in-memory store: the reference host's default, where a plugin unit test takes a millisecond. Every host
 * gets tables of its own, kept for the host's lifetime (they survive an uninstall and a new install); nothing
 * to close. Runs no SQL: `QueryHelper.withSql` needs a PostgreSQL store.
 *
 * @returns The store, to pass as `createTestHost({ store })` (a host without one makes its own).
 * @example
 * ```ts
 * import { SimpleQuery } from '@tech-vendor/api'
 * import { createTestHost, memoryStore } from '@tech-vendor/api/testing'
 *
 * const store = memoryStore()
 * using host = createTestHost({ domains: { Tag: { fields: { name: 'STRING' } } }, store }).install()
 * console.log(SimpleQuery.count('Tag')) // 0
 * ```
 */
export function memoryStore(): Store {
  const store: Store = Object.freeze({
    kind: 'in-memory',
    open: (request: OpenRequest): HostData => new MemoryData(store, request.schemas, request.tenants),
    close: () => Promise.resolve(),
  })
  return store
}

/** One tenant's table of one domain: where an id is written. One per table, which its ids share. */
interface Place {
  readonly domain: string
  readonly tenant: string
  readonly table: Table
}

/**
 * One host's data in memory: an engine table per tenant and domain, one id sequence for every domain and tenant
 * (as Hibernate's `hibernate_sequence` on PostgreSQL), the stored files' records, transactions whose writes
 * wait in overlays until they commit, and the new sessions that run while transactions wait (their row locks).
 */
class MemoryData implements HostData {
  readonly store: Store
  readonly schemas: ReadonlyMap<string, DomainSchema>
  readonly #places = new Map<string, Map<string, Place>>()
  /**
   * Where each id was first written, by id: the ids the sequence issued, which fill the array from 1 with few
   * holes, so an entry costs a slot and not a map entry. Ids the sequence had not issued when they were written
   * (a caller's own) are in `#otherOwners`.
   */
  readonly #owners: (Place | undefined)[] = []
  readonly #otherOwners = new Map<number, Place>()
  readonly #files = new Map<number, StoredFileRecord>()
  /** The new sessions running inside transactions, innermost last. */
  readonly #sessions: NewSession[] = []
  #nextId = 1

  constructor(store: Store, schemas: ReadonlyMap<string, DomainSchema>, tenants: readonly string[]) {
    this.store = store
    this.schemas = schemas
    for (const tenant of tenants) {
      const places = new Map<string, Place>()
      for (const schema of schemas.values())
        places.set(schema.name, Object.freeze({ domain: schema.name, tenant, table: new Table(schema) }))
      this.#places.set(tenant, places)
    }
  }

  nextId(): number {
    return this.#nextId++
  }

  domainOfId(id: number, tenant: string): string | undefined {
    const owner = this.#owner(id)
    return owner?.tenant === tenant ? owner.domain : undefined
  }

  get(context: StoreContext, domain: string, id: number): StoredRow | undefined {
    const written = asMemory(context.transaction)?.overlay(domain)?.entry(id)
    if (written !== undefined) return written ?? undefined
    return this.#table(context.tenant, domain).get(id)
  }

  select(context: StoreContext, domain: string, query: ValidQuery, page?: ValidPage): SelectResult {
    return this.#table(context.tenant, domain).select(
      query,
      page,
      asMemory(context.transaction)?.overlay(domain),
    )
  }

  count(context: StoreContext, domain: string, query: ValidQuery): number {
    return this.#table(context.tenant, domain).count(query, asMemory(context.transaction)?.overlay(domain))
  }

  write(context: StoreContext, domain: string, id: number, row: StoredRow | null): void {
    if (this.#sessions.length > 0) this.#sessions.at(-1)?.check(context.tenant, domain, id, row)
    const place = this.#place(context.tenant, domain)
    if (row !== null && this.#owner(id) === undefined) {
      if (id > 0 && id < this.#nextId && Number.isInteger(id)) this.#owners[id] = place
      else this.#otherOwners.set(id, place)
    }
    const transaction = asMemory(context.transaction)
    if (transaction !== undefined) transaction.write(domain, id, row)
    else this.#apply(place.table, id, row)
  }

  writeFile(_context: StoreContext, file: StoredFileRecord): void {
    this.#files.set(file.value.id, file)
  }

  readFile(context: StoreContext, id: number): StoredFileRecord | undefined {
    const file = this.#files.get(id)
    return file?.tenant === context.tenant ? file : undefined
  }

  begin(tenant: string): StoreTransaction {
    return new Transaction(tenant)
  }

  commit(transaction: StoreTransaction): void {
    const memory = asMemory(transaction) as Transaction
    for (const [domain, overlay] of memory.overlays()) {
      const table = this.#place(memory.tenant, domain).table
      // forEach rather than for-of over the entries: no [id, row] pair made per row.
      overlay.forEach((row, id) => this.#apply(table, id, row))
    }
  }

  rollback(_transaction: StoreTransaction): void {
    // The overlays are dropped with the transaction.
  }

  savepoint(transaction: StoreTransaction): StoreSavepoint {
    return (asMemory(transaction) as Transaction).savepoint()
  }

  rollbackTo(transaction: StoreTransaction, savepoint: StoreSavepoint): void {
    ;(asMemory(transaction) as Transaction).rollbackTo(savepoint as number)
  }

  isolated<T>(context: StoreContext, fn: () => T): T {
    // A session without the caller's transaction reads the committed tables, and writes straight to them; where
    // transactions wait for it, it must not write what they hold (NewSession), and fails whole if it tries.
    const around = this.#sessions.at(-1)
    const waiting = asMemory(context.transaction)
    if (around === undefined && waiting === undefined) return fn()
    const session = new NewSession(this.schemas, [
      ...(around?.held ?? []),
      ...(waiting === undefined ? [] : [waiting]),
    ])
    this.#sessions.push(session)
    let outcome: { readonly value: T } | { readonly error: unknown }
    try {
      outcome = { value: fn() }
    } catch (error) {
      outcome = { error }
    }
    this.#sessions.pop()
    if (session.failure !== undefined) {
      session.undo()
      throw session.failure
    }
    around?.adopt(session)
    if ('error' in outcome) throw outcome.error
    return outcome.value
  }

  snapshot(): Map<string, Map<string, ReadonlyMap<number, StoredRow>>> {
    const snapshot = new Map<string, Map<string, ReadonlyMap<number, StoredRow>>>()
    for (const [tenant, places] of this.#places) {
      const domains = new Map<string, ReadonlyMap<number, StoredRow>>()
      for (const [domain, { table }] of places)
        domains.set(domain, new Map([...table.rows()].map((row) => [row.id, row])))
      snapshot.set(tenant, domains)
    }
    return snapshot
  }

  sql(_context: StoreContext): Sql | undefined {
    return undefined
  }

  release(): boolean {
    return false
  }

  /** Writes a committed row, for the running new session to undo if it fails. */
  #apply(table: Table, id: number, row: StoredRow | null): void {
    if (this.#sessions.length > 0) this.#sessions.at(-1)?.record(table, id)
    if (row === null) table.delete(id)
    else table.put(row)
  }

  /** Where the id was first written, if anywhere. */
  #owner(id: number): Place | undefined {
    return this.#owners[id] ?? (this.#otherOwners.size > 0 ? this.#otherOwners.get(id) : undefined)
  }

  #place(tenant: string, domain: string): Place {
    const place = this.#places.get(tenant)?.get(domain)
    if (place === undefined) throw new Error(`internal: no table ${domain} for tenant ${tenant}`)
    return place
  }

  #table(tenant: string, domain: string): Table {
    return this.#place(tenant, domain).table
  }
}

/** The store's own transaction: every transaction a memory store hands out is one. */
function asMemory(transaction: StoreTransaction | undefined): Transaction | undefined {
  return transaction as Transaction | undefined
}
