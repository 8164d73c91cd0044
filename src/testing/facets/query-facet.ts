import { domainNameOf } from '../../api/dynamic-domain-entity.js'
import type { Class } from '../../model/java-types.js'
import type { Sql } from '../../model/sql.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import { NonUniqueResultException } from '../../errors/non-unique-result-exception.js'
import { UnsupportedOperationException } from '../../errors/unsupported-operation-exception.js'
import type {
  PageRequest,
  QueryPage,
  QueryRuntime,
  QuerySpec,
  Session,
  TransactionStatus,
} from '../../runtime-contract/facets.js'
import type { DataStore } from '../store/memory/data-store.js'
import type { DomainFacet } from './domain-facet.js'
import { describeValue } from '../domains/describe-value.js'
import type { DomainSchema, StoredRow } from '../domains/schema.js'
import { brandOf } from './domain-objects.js'
import type { ContextStore } from '../host/host-context.js'
import { Transaction } from '../store/memory/transaction.js'

/** The in-memory store keeps no pending writes outside a transaction, so a session has nothing to flush. */
const SESSION: Session = Object.freeze({ flush: () => undefined, clear: () => undefined })

/**
 * The host side of `SimpleQuery` and `QueryHelper`: queries through the engine in the current tenant and
 * transaction, returning fresh copies; sessions and transactions with GORM's semantics (Spring's
 * `PROPAGATION_REQUIRED`: a nested call joins, and a joined call that fails dooms the whole transaction).
 */
export class QueryFacet implements QueryRuntime {
  readonly #store: DataStore
  readonly #domains: DomainFacet
  readonly #contexts: ContextStore
  readonly #hostName: string

  constructor(store: DataStore, domains: DomainFacet, contexts: ContextStore, hostName: string) {
    this.#store = store
    this.#domains = domains
    this.#contexts = contexts
    this.#hostName = hostName
  }

  withSession<T>(closure: (session: Session) => T): T {
    return closure(SESSION)
  }

  withNewSession<T>(closure: (session: Session) => T): T {
    return this.#contexts.run(this.#contexts.fresh(this.#contexts.current()), () => closure(SESSION))
  }

  withTransaction<T>(closure: (status: TransactionStatus) => T): T {
    const context = this.#contexts.current()
    const session = context.session
    const running = session.transaction
    if (running !== undefined) {
      const joined = new Status(running, false)
      try {
        const result = closure(joined)
        if (joined.local) running.rollbackOnly = true
        return result
      } catch (error) {
        running.rollbackOnly = true
        throw error
      }
    }
    const transaction = new Transaction(context.tenant)
    const status = new Status(transaction, true)
    session.transaction = transaction
    let result: T
    try {
      result = closure(status)
    } finally {
      // Rollback discards the overlay; commit below applies it.
      session.transaction = undefined
    }
    if (status.local) return result
    if (transaction.rollbackOnly) {
      throw new IllegalStateException(
        'Transaction rolled back because it has been marked as rollback-only (Spring: UnexpectedRollbackException): ' +
          'a nested QueryHelper.withTransaction call that joined it threw or called setRollbackOnly(); nothing was committed.',
      )
    }
    this.#store.commit(transaction)
    return result
  }

  withSql<T>(_action: (sql: Sql) => T): T {
    throw new UnsupportedOperationException(
      `QueryHelper.withSql needs a SQL store, and test host '${this.#hostName}' keeps its data in the in-memory store of ` +
        '@tech-vendor/api/testing, which runs no SQL. Test SQL against a host backed by PostgreSQL, or express the ' +
        'query with SimpleQuery so that it runs here too.',
    )
  }

  resolveDomain(target: string | Class<unknown>): string {
    return this.#resolve(target, 'SimpleQuery.of').name
  }

  /** The schema of a domain name or class, or an `IllegalArgumentException` that names the member `where`. */
  #resolve(target: string | Class<unknown>, where: string): DomainSchema {
    if (typeof target === 'function') {
      const domain = domainNameOf(target)
      const schema = this.#store.schemas.get(domain)
      if (schema !== undefined) return schema
      throw new IllegalArgumentException(
        `${where}: class ${target.name || '(anonymous)'} is bound to no domain of this host: it maps to '${domain}' ` +
          `(its static domainName, else its name). Known domains: ${[...this.#store.schemas.keys()].join(', ') || 'none'}.`,
      )
    }
    return this.#domains.schemaOf(target, where)
  }

  list(query: QuerySpec, page: PageRequest): QueryPage {
    const context = this.#contexts.current()
    const schema = this.#schema(query)
    const result = this.#store.select(context, schema.name, query, page)
    return { items: this.#objects(query.target, schema, result.rows), totalCount: result.totalCount }
  }

  listAll(query: QuerySpec): readonly unknown[] {
    const context = this.#contexts.current()
    const schema = this.#schema(query)
    return this.#objects(query.target, schema, this.#store.select(context, schema.name, query).rows)
  }

  get(query: QuerySpec): unknown {
    const context = this.#contexts.current()
    const schema = this.#schema(query)
    const { rows, totalCount } = this.#store.select(context, schema.name, query, {
      offset: 0,
      limit: 1,
      orderBy: [],
      asc: true,
    })
    if (totalCount > 1) throw new NonUniqueResultException(totalCount, schema.name)
    return rows.length === 0 ? null : this.#objects(query.target, schema, rows)[0]
  }

  getById(target: string | Class<unknown>, id: number): unknown {
    const schema = this.#resolve(target, 'SimpleQuery.getById')
    checkId(id, 'SimpleQuery.getById')
    const row = this.#store.get(this.#contexts.current(), schema.name, id)
    return row === undefined ? null : this.#objects(target, schema, [row])[0]
  }

  getByIds(target: string | Class<unknown>, ids: readonly number[]): readonly unknown[] {
    const schema = this.#resolve(target, 'SimpleQuery.getByIds')
    if (!Array.isArray(ids))
      throw new IllegalArgumentException(
        `SimpleQuery.getByIds expects the ids as an array, got ${describeValue(ids)}.`,
      )
    const list: readonly unknown[] = ids
    list.forEach((id) => checkId(id, 'SimpleQuery.getByIds'))
    const context = this.#contexts.current()
    const rows = (list as readonly number[])
      .map((id) => this.#store.get(context, schema.name, id))
      .filter((row): row is StoredRow => row !== undefined)
    return this.#objects(target, schema, rows)
  }

  getAll(target: string | Class<unknown>): readonly unknown[] {
    const schema = this.#resolve(target, 'SimpleQuery.getAll')
    return this.#objects(
      target,
      schema,
      this.#store.select(this.#contexts.current(), schema.name, { and: true, conditions: [] }).rows,
    )
  }

  count(target: string | Class<unknown>): number {
    return this.#store.count(this.#contexts.current(), this.#resolve(target, 'SimpleQuery.count').name)
  }

  #schema(query: QuerySpec): DomainSchema {
    if (typeof query !== 'object' || query === null)
      throw new IllegalArgumentException(`A query needs a QuerySpec, got ${describeValue(query)}.`)
    const schema = this.#domains.schemaOf(query.domain, 'SimpleQuery')
    this.#checkReferences(query, schema)
    return schema
  }

  /**
   * A DOMAIN_OBJECT condition compares ids, and ids are unique across domains here: an object of another domain
   * would silently match nothing (or, on a store with per-table ids, the wrong row). Refuse it, as Hibernate does.
   */
  #checkReferences(query: QuerySpec, schema: DomainSchema): void {
    for (const condition of query.conditions) {
      const field = schema.fields.get(condition.field)
      if (field?.type !== 'DOMAIN_OBJECT' || !('value' in condition)) continue
      const values: readonly unknown[] = Array.isArray(condition.value) ? condition.value : [condition.value]
      for (const value of values) {
        if (typeof value !== 'object' || value === null) continue
        const id = (value as { id?: unknown }).id
        const actual = brandOf(value) ?? (typeof id === 'number' ? this.#store.domainOfId(id) : undefined)
        if (actual !== undefined && actual !== field.domain) {
          throw new IllegalArgumentException(
            `SimpleQuery.${condition.operator}('${condition.field}', ...): ${schema.name}.${condition.field} references ` +
              `${field.domain ?? 'another domain'}, but the object given is a ${actual} (id ${String(id)}). Pass a ${field.domain ?? ''} object.`,
          )
        }
      }
    }
  }

  #objects(target: string | Class<unknown>, schema: DomainSchema, rows: readonly StoredRow[]): object[] {
    const materializer = this.#domains.materializer(this.#contexts.current())
    const type = typeof target === 'function' ? target : undefined
    return rows.map((row) => materializer.object(schema, row, type))
  }
}

/** The status a `withTransaction` closure gets; `local` is its own `setRollbackOnly()`. */
class Status implements TransactionStatus {
  readonly #transaction: Transaction
  readonly #isNew: boolean
  local = false

  constructor(transaction: Transaction, isNew: boolean) {
    this.#transaction = transaction
    this.#isNew = isNew
  }

  setRollbackOnly(): void {
    this.local = true
  }

  isRollbackOnly(): boolean {
    return this.local || this.#transaction.rollbackOnly
  }

  isNewTransaction(): boolean {
    return this.#isNew
  }
}

function checkId(id: unknown, where: string): void {
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
    throw new IllegalArgumentException(`${where} expects an integer id, got ${describeValue(id)}.`)
  }
}
