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
import type { HostData } from '../store/store.js'
import { atomically } from '../store/atomically.js'
import { isThenable } from '../../api/is-thenable.js'
import { ValidPage } from '../store/query/valid-query.js'
import { validateQuery } from '../store/query/validate-query.js'
import { validatePage } from '../store/query/validate-page.js'
import type { StoreTransaction } from '../store/store.js'
import type { DomainFacet } from './domain-facet.js'
import { describeValue } from '../domains/describe-value.js'
import type { DomainSchema, StoredRow } from '../domains/schema.js'
import { brandOf } from '../domains/brand.js'
import type { ContextStore } from '../host/host-context.js'

/** Every store writes as it goes: a session holds no pending changes to flush or objects to forget. */
const SESSION: Session = Object.freeze({ flush: () => undefined, clear: () => undefined })

/** The page `get()` reads: the first match, and the count of all, which must be at most one. */
const FIRST = new ValidPage(0, 1, [], false, true)

/** A query without conditions: every object of the domain. */
const EVERYTHING = Object.freeze({ and: true, conditions: Object.freeze([]) })

/**
 * The host side of `SimpleQuery` and `QueryHelper`: queries through the host's store in the current tenant and
 * transaction, validated by the layer every store shares, returning fresh copies; sessions and transactions
 * with GORM's semantics (Spring's `PROPAGATION_REQUIRED`: a nested call joins, and a joined call that fails
 * dooms the whole transaction).
 */
export class QueryFacet implements QueryRuntime {
  readonly #data: () => HostData
  readonly #domains: DomainFacet
  readonly #contexts: ContextStore
  readonly #hostName: string

  constructor(data: () => HostData, domains: DomainFacet, contexts: ContextStore, hostName: string) {
    this.#data = data
    this.#domains = domains
    this.#contexts = contexts
    this.#hostName = hostName
  }

  withSession<T>(closure: (session: Session) => T): T {
    return closure(SESSION)
  }

  withNewSession<T>(closure: (session: Session) => T): T {
    const context = this.#contexts.current()
    return this.#data().isolated(context.session, () =>
      this.#contexts.inSession(context, undefined, 'QueryHelper.withNewSession', () => closure(SESSION)),
    )
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
    const data = this.#data()
    const transaction = data.begin(session.tenant)
    const status = new Status(transaction, true)
    let result: T
    try {
      // A session of its own, which ends with the closure: work the closure leaves running is refused after.
      result = this.#contexts.inSession(context, transaction, 'QueryHelper.withTransaction', () =>
        closure(status),
      )
    } catch (error) {
      data.rollback(transaction)
      throw error
    }
    if (status.local || transaction.rollbackOnly) {
      data.rollback(transaction)
      if (status.local) return result
      throw new IllegalStateException(
        'Transaction rolled back because it has been marked as rollback-only (Spring: UnexpectedRollbackException): ' +
          'a nested QueryHelper.withTransaction call that joined it threw or called setRollbackOnly(); nothing was committed.',
      )
    }
    data.commit(transaction)
    return result
  }

  withSql<T>(action: (sql: Sql) => T): T {
    const data = this.#data()
    const session = this.#contexts.current().session
    const statements = data.sql(session)
    if (statements === undefined) {
      throw new UnsupportedOperationException(
        `QueryHelper.withSql needs a SQL store, and test host '${this.#hostName}' keeps its data in the ${data.store.kind} store, ` +
          'which runs no SQL. Give the host a PostgreSQL store: createTestHost({ store: await pgliteStore() }) or ' +
          "postgresStore({ url }) from '@tech-vendor/api/testing'; or express the query with SimpleQuery so that it runs on every store.",
      )
    }
    // The Sql works while the action runs, as the platform's holds the session's connection only until then:
    // a statement run after (kept, or in the rest of an async action) is refused before it reaches the store.
    let open = true
    const whileOpen =
      <A extends unknown[], R>(member: string, run: (...args: A) => R) =>
      (...args: A): R => {
        if (!open) throw this.#sqlAfterReturn(member)
        return run(...args)
      }
    // Its statements run on the session's connection; its transaction is the session's, which facade calls
    // inside it join: a savepoint inside a running transaction, else a transaction of its own.
    const sql = Object.freeze({
      rows: whileOpen('rows', statements.rows.bind(statements)),
      firstRow: whileOpen('firstRow', statements.firstRow.bind(statements)),
      eachRow: whileOpen('eachRow', statements.eachRow.bind(statements) as (...args: unknown[]) => void),
      execute: whileOpen('execute', statements.execute.bind(statements)),
      executeUpdate: whileOpen('executeUpdate', statements.executeUpdate.bind(statements)),
      executeInsert: whileOpen('executeInsert', statements.executeInsert.bind(statements)),
      withBatch: whileOpen('withBatch', statements.withBatch.bind(statements)),
      withTransaction: whileOpen('withTransaction', (closure: () => unknown) => {
        if (typeof closure !== 'function')
          throw new IllegalArgumentException(
            `Sql.withTransaction expects a closure, got ${describeValue(closure)}.`,
          )
        return atomically(data, session, () => {
          const result = closure()
          if (isThenable(result))
            throw new IllegalArgumentException(
              'Sql.withTransaction was given a closure that returned a Promise; the transaction ends when it returns. Make it synchronous.',
            )
          return result
        })
      }),
    }) as Sql
    try {
      return action(sql)
    } finally {
      open = false
    }
  }

  /** The refusal of a statement run on a `Sql` after its `withSql` returned; the host's errors get it too. */
  #sqlAfterReturn(member: string): IllegalStateException {
    const error = new IllegalStateException(
      `Sql.${member} was called after QueryHelper.withSql returned (the Sql was kept, or an async action went on ` +
        "after it returned); it was refused before it ran. The platform's Sql holds the session's connection only " +
        'while the action runs: keep the action synchronous, and run every statement inside it.',
    )
    this.#contexts.reportLeftover(error)
    return error
  }

  resolveDomain(target: string | Class<unknown>): string {
    return this.#resolve(target, 'SimpleQuery.of').name
  }

  /** The schema of a domain name or class, or an `IllegalArgumentException` that names the member `where`. */
  #resolve(target: string | Class<unknown>, where: string): DomainSchema {
    if (typeof target === 'function') {
      const domain = domainNameOf(target)
      const schemas = this.#data().schemas
      const schema = schemas.get(domain)
      if (schema !== undefined) return schema
      throw new IllegalArgumentException(
        `${where}: class ${target.name || '(anonymous)'} is bound to no domain of this host: it maps to '${domain}' ` +
          `(its static domainName, else its name). Known domains: ${[...schemas.keys()].join(', ') || 'none'}.`,
      )
    }
    return this.#domains.schemaOf(target, where)
  }

  list(query: QuerySpec, page: PageRequest): QueryPage {
    const session = this.#contexts.current().session
    const schema = this.#schema(query)
    const valid = validateQuery(schema, query)
    const result = this.#data().select(session, schema.name, valid, validatePage(schema, page))
    return { items: this.#objects(query.target, schema, result.rows), totalCount: result.totalCount }
  }

  listAll(query: QuerySpec): readonly unknown[] {
    const session = this.#contexts.current().session
    const schema = this.#schema(query)
    const valid = validateQuery(schema, query)
    return this.#objects(query.target, schema, this.#data().select(session, schema.name, valid).rows)
  }

  get(query: QuerySpec): unknown {
    const session = this.#contexts.current().session
    const schema = this.#schema(query)
    const valid = validateQuery(schema, query)
    const { rows, totalCount } = this.#data().select(session, schema.name, valid, FIRST)
    if (totalCount > 1) throw new NonUniqueResultException(totalCount, schema.name)
    return rows.length === 0 ? null : this.#objects(query.target, schema, rows)[0]
  }

  getById(target: string | Class<unknown>, id: number): unknown {
    const schema = this.#resolve(target, 'SimpleQuery.getById')
    checkId(id, 'SimpleQuery.getById')
    const row = this.#data().get(this.#contexts.current().session, schema.name, id)
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
    const session = this.#contexts.current().session
    const data = this.#data()
    const rows = (list as readonly number[])
      .map((id) => data.get(session, schema.name, id))
      .filter((row): row is StoredRow => row !== undefined)
    // An id given twice reads as one object, twice.
    return this.#objects(target, schema, rows, true)
  }

  getAll(target: string | Class<unknown>): readonly unknown[] {
    const schema = this.#resolve(target, 'SimpleQuery.getAll')
    const everything = validateQuery(schema, EVERYTHING)
    return this.#objects(
      target,
      schema,
      this.#data().select(this.#contexts.current().session, schema.name, everything).rows,
    )
  }

  count(target: string | Class<unknown>): number {
    const schema = this.#resolve(target, 'SimpleQuery.count')
    return this.#data().count(
      this.#contexts.current().session,
      schema.name,
      validateQuery(schema, EVERYTHING),
    )
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
        const tenant = this.#contexts.current().tenant
        const actual =
          brandOf(value) ?? (typeof id === 'number' ? this.#data().domainOfId(id, tenant) : undefined)
        if (actual !== undefined && actual !== field.domain) {
          throw new IllegalArgumentException(
            `SimpleQuery.${condition.operator}('${condition.field}', ...): ${schema.name}.${condition.field} references ` +
              `${field.domain ?? 'another domain'}, but the object given is a ${actual} (id ${String(id)}). Pass a ${field.domain ?? ''} object.`,
          )
        }
      }
    }
  }

  #objects(
    target: string | Class<unknown>,
    schema: DomainSchema,
    rows: readonly StoredRow[],
    repeatable = false,
  ): object[] {
    const materializer = this.#domains.materializer(this.#contexts.current().session, repeatable)
    return materializer.objects(schema, rows, typeof target === 'function' ? target : undefined)
  }
}

/** The status a `withTransaction` closure gets; `local` is its own `setRollbackOnly()`. */
class Status implements TransactionStatus {
  readonly #transaction: StoreTransaction
  readonly #isNew: boolean
  local = false

  constructor(transaction: StoreTransaction, isNew: boolean) {
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
