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

/** Where an id was written: its domain and tenant. */
interface IdOwner {
  readonly domain: string
  readonly tenant: string
}

/**
 * One host's data in memory: an engine table per tenant and domain, one id sequence for every domain and tenant
 * (as Hibernate's `hibernate_sequence` on PostgreSQL), the stored files' records, transactions whose writes
 * wait in overlays until they commit, and the new sessions that run while transactions wait (their row locks).
 */
class MemoryData implements HostData {
  readonly store: Store
  readonly schemas: ReadonlyMap<string, DomainSchema>
  readonly #tables = new Map<string, Map<string, Table>>()
  readonly #owners = new Map<number, IdOwner>()
  readonly #files = new Map<number, StoredFileRecord>()
  /** The new sessions running inside transactions, innermost last. */
  readonly #sessions: NewSession[] = []
  #nextId = 1

  constructor(store: Store, schemas: ReadonlyMap<string, DomainSchema>, tenants: readonly string[]) {
    this.store = store
    this.schemas = schemas
    for (const tenant of tenants) {
      const tables = new Map<string, Table>()
      for (const schema of schemas.values()) tables.set(schema.name, new Table(schema))
      this.#tables.set(tenant, tables)
    }
  }

  nextId(): number {
    return this.#nextId++
  }

  domainOfId(id: number, tenant: string): string | undefined {
    const owner = this.#owners.get(id)
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
    this.#sessions.at(-1)?.check(context.tenant, domain, id, row)
    if (row !== null && !this.#owners.has(id)) this.#owners.set(id, { domain, tenant: context.tenant })
    const transaction = asMemory(context.transaction)
    if (transaction !== undefined) transaction.write(domain, id, row)
    else this.#apply(this.#table(context.tenant, domain), id, row)
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
      const table = this.#table(memory.tenant, domain)
      for (const [id, row] of overlay.entries()) this.#apply(table, id, row)
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
    for (const [tenant, tables] of this.#tables) {
      const domains = new Map<string, ReadonlyMap<number, StoredRow>>()
      for (const [domain, table] of tables)
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
    this.#sessions.at(-1)?.record(table, id)
    if (row === null) table.delete(id)
    else if (table.has(id)) table.replace(row)
    else table.insert(row)
  }

  #table(tenant: string, domain: string): Table {
    const table = this.#tables.get(tenant)?.get(domain)
    if (table === undefined) throw new Error(`internal: no table ${domain} for tenant ${tenant}`)
    return table
  }
}

/** The store's own transaction: every transaction a memory store hands out is one. */
function asMemory(transaction: StoreTransaction | undefined): Transaction | undefined {
  return transaction as Transaction | undefined
}
