import type { EngineQuery } from './compile-query.js'
import type { DomainSchema, StoredRow } from '../../domains/schema.js'
import { Table, type EnginePage, type SelectResult } from './table.js'
import type { TransactionOverlay } from './transaction-overlay.js'
import type { HostContext } from '../../host/host-context.js'
import { Transaction } from './transaction.js'

const EVERYTHING: EngineQuery = Object.freeze({ and: true, conditions: Object.freeze([]) })

/**
 * The host's data: one engine table per tenant and domain, one id sequence for every domain and tenant (as
 * Hibernate's `hibernate_sequence` on PostgreSQL), and the transactions' overlays. Every read and write goes
 * through a {@link HostContext}, which names the tenant and the session's transaction.
 */
export class DataStore {
  readonly schemas: ReadonlyMap<string, DomainSchema>
  readonly #tables = new Map<string, Map<string, Table>>()
  readonly #idDomains = new Map<number, string>()
  #nextId = 1

  constructor(schemas: ReadonlyMap<string, DomainSchema>, tenants: readonly string[]) {
    this.schemas = schemas
    for (const tenant of tenants) {
      const tables = new Map<string, Table>()
      for (const schema of schemas.values()) tables.set(schema.name, new Table(schema))
      this.#tables.set(tenant, tables)
    }
  }

  /** A fresh id, remembered as belonging to `domain` (or to stored files when `domain` is undefined). */
  nextId(domain?: string): number {
    const id = this.#nextId++
    if (domain !== undefined) this.#idDomains.set(id, domain)
    return id
  }

  /** The domain an id was issued for, in any tenant. */
  domainOfId(id: number): string | undefined {
    return this.#idDomains.get(id)
  }

  /** The object with an id, as the context's session sees it (its transaction's writes included). */
  get(context: HostContext, domain: string, id: number): StoredRow | undefined {
    const written = context.session.transaction?.overlay(domain)?.entry(id)
    if (written !== undefined) return written ?? undefined
    return this.#table(context.tenant, domain).get(id)
  }

  /** Runs a query as the context's session sees the data. */
  select(context: HostContext, domain: string, query: EngineQuery, page?: EnginePage): SelectResult {
    return this.#table(context.tenant, domain).select(query, page, this.#overlay(context, domain))
  }

  /** Counts matches as the context's session sees the data. */
  count(context: HostContext, domain: string, query: EngineQuery = EVERYTHING): number {
    return this.#table(context.tenant, domain).count(query, this.#overlay(context, domain))
  }

  /** Writes a row (insert or replace by id), or deletes the id when `row` is `null`: into the transaction if one runs. */
  write(context: HostContext, domain: string, id: number, row: StoredRow | null): void {
    const transaction = context.session.transaction
    if (transaction !== undefined) {
      transaction.write(domain, id, row)
      return
    }
    apply(this.#table(context.tenant, domain), id, row)
  }

  /** Applies a transaction's writes to the tables. */
  commit(transaction: Transaction): void {
    for (const [domain, overlay] of transaction.overlays()) {
      const table = this.#table(transaction.tenant, domain)
      for (const [id, row] of overlay.entries()) apply(table, id, row)
    }
  }

  /**
   * Runs `fn` so that its writes happen all or not at all: inside the session's transaction (rolling back to
   * a savepoint if `fn` throws), or in a transaction of its own that commits when `fn` returns.
   */
  atomically<T>(context: HostContext, fn: () => T): T {
    const session = context.session
    const running = session.transaction
    if (running !== undefined) {
      const savepoint = running.savepoint()
      try {
        return fn()
      } catch (error) {
        running.rollbackTo(savepoint)
        throw error
      }
    }
    const transaction = new Transaction(context.tenant)
    session.transaction = transaction
    try {
      const result = fn()
      this.commit(transaction)
      return result
    } finally {
      session.transaction = undefined
    }
  }

  /** Every committed row, by tenant and domain: what `assertRepeatableOnLoad` compares. */
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

  #table(tenant: string, domain: string): Table {
    const table = this.#tables.get(tenant)?.get(domain)
    if (table === undefined) throw new Error(`internal: no table ${domain} for tenant ${tenant}`)
    return table
  }

  #overlay(context: HostContext, domain: string): TransactionOverlay | undefined {
    return context.session.transaction?.overlay(domain)
  }
}

function apply(table: Table, id: number, row: StoredRow | null): void {
  if (row === null) table.delete(id)
  else if (table.has(id)) table.replace(row)
  else table.insert(row)
}
