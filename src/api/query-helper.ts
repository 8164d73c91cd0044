import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'
import { checkedFacet, LINKED, type FacadeClass } from '../runtime-contract/dispatch.js'
import type { Session, TransactionStatus } from '../runtime-contract/facets.js'
import type { MemberSpec } from '../runtime-contract/members.js'
import { members } from '../runtime-contract/members.js'
import { requireFunction } from './argument-checks.js'
import type { Sql } from '../model/sql.js'
import { isThenable } from './is-thenable.js'

/**
 * What a {@link QueryHelper} closure may return: anything but a Promise or another thenable.
 *
 * The platform runs the closure synchronously and ends the session or transaction the moment it returns, so
 * work that a Promise finishes later would run outside it (after the commit, or against a closed session).
 * A closure that returns a thenable is therefore a type error, shown as this message:
 * `Type 'Promise<number>' is not assignable to type '"QueryHelper closures must be synchronous: ..."'`.
 *
 * @typeParam T - What the closure returns.
 * @example
 * ```ts
 * import type { SynchronousResult } from '@tech-vendor/api'
 *
 * type Ok = SynchronousResult<number> // number
 * type Rejected = SynchronousResult<Promise<number>> // the message type
 * ```
 */
export type SynchronousResult<T> = T extends {
  /** The method that makes a value a thenable, which `await` and the Promise machinery treat as a Promise. */
  then: (...args: never[]) => unknown
}
  ? 'QueryHelper closures must be synchronous: the session or transaction ends when the closure returns, before a Promise settles'
  : T

/**
 * Runs code in a database session, a transaction, or with native SQL.
 *
 * Every method is synchronous, as in Java: the closure runs, and the session or transaction ends, before the
 * method returns. A closure must not return a Promise (its work would run after the transaction committed):
 * the type checker rejects it ({@link SynchronousResult}) and so does the call.
 *
 * @example
 * ```ts
 * import { DomainHelper, QueryHelper, SimpleQuery } from '@tech-vendor/api'
 *
 * QueryHelper.withTransaction(() => {
 *   for (const order of SimpleQuery.of('Order').eq('status', 'OPEN').listAll()) {
 *     DomainHelper.updateDomain({ ...order, status: 'CLOSED' })
 *   }
 * }) // all committed together, or none on a throw
 * ```
 */
export class QueryHelper {
  private constructor() {}

  /**
   * Runs `closure` in the current database session (a new one when there is none) and returns what it
   * returns.
   *
   * @typeParam T - What the closure returns.
   * @param closure - Gets the session; must be synchronous.
   * @returns What `closure` returned.
   * @throws {@link IllegalArgumentException} when `closure` is not a function, or returned a Promise.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link QueryHelper.withNewSession} for a session of its own.
   * @example
   * ```ts
   * import { QueryHelper, SimpleQuery } from '@tech-vendor/api'
   *
   * const open = QueryHelper.withSession((session) => {
   *   session.clear() // reload from the store
   *   return SimpleQuery.of('Order').eq('status', 'OPEN').listAll()
   * })
   * ```
   */
  static withSession<T>(closure: (session: Session) => SynchronousResult<T>): T {
    const facet =
      (this as FacadeClass)?.[LINKED]?.withSession ??
      checkedFacet(members.withSession, arguments, QueryHelper)
    return facet.withSession(synchronous(members.withSession, closure))
  }

  /**
   * Runs `closure` in a new database session and returns what it returns. The new session does not see the
   * caller's uncommitted writes, and what it commits is not rolled back with the caller's transaction: use
   * it for work that must persist whatever happens to the caller (an audit record, a counter).
   *
   * @typeParam T - What the closure returns.
   * @param closure - Gets the new session; must be synchronous.
   * @returns What `closure` returned.
   * @throws {@link IllegalArgumentException} when `closure` is not a function, or returned a Promise.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link QueryHelper.withSession} to join the current session.
   * @example
   * ```ts
   * import { DomainHelper, QueryHelper } from '@tech-vendor/api'
   *
   * QueryHelper.withNewSession(() =>
   *   QueryHelper.withTransaction(() => DomainHelper.createDomain(DomainHelper.buildDomain('AuditEntry', { action: 'export' }))),
   * )
   * ```
   */
  static withNewSession<T>(closure: (session: Session) => SynchronousResult<T>): T {
    const facet =
      (this as FacadeClass)?.[LINKED]?.withNewSession ??
      checkedFacet(members.withNewSession, arguments, QueryHelper)
    return facet.withNewSession(synchronous(members.withNewSession, closure))
  }

  /**
   * Runs `closure` in a transaction and returns what it returns. The transaction commits when the closure
   * returns and rolls back when it throws (the error propagates) or when it called `status.setRollbackOnly()`.
   * A call inside another transaction joins it: everything commits or rolls back with the outermost one.
   *
   * @typeParam T - What the closure returns.
   * @param closure - Gets the transaction status; must be synchronous.
   * @returns What `closure` returned.
   * @throws {@link IllegalArgumentException} when `closure` is not a function, or returned a Promise (the
   *   transaction then rolls back).
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @throws Whatever `closure` throws, after the rollback.
   * @see {@link QueryHelper.withNewSession} for work that must not roll back with the caller.
   * @example
   * ```ts
   * import { DomainHelper, QueryHelper } from '@tech-vendor/api'
   *
   * const created = QueryHelper.withTransaction((status) => {
   *   const orders = DomainHelper.batchCreate('Order', [{ status: 'OPEN', total: 10 }, { status: 'OPEN', total: 20 }])
   *   if (orders.length === 0) status.setRollbackOnly()
   *   return orders.length
   * })
   * ```
   */
  static withTransaction<T>(closure: (status: TransactionStatus) => SynchronousResult<T>): T {
    const facet =
      (this as FacadeClass)?.[LINKED]?.withTransaction ??
      checkedFacet(members.withTransaction, arguments, QueryHelper)
    return facet.withTransaction(synchronous(members.withTransaction, closure))
  }

  /**
   * Runs `action` with a `groovy.sql.Sql` for native SQL on the current session's connection, and returns what
   * it returns. Inside `withTransaction` its statements join the transaction. A store without SQL fails with
   * `UnsupportedOperationException` naming the store.
   *
   * @typeParam T - What the action returns.
   * @param action - Gets the `Sql`; must be synchronous.
   * @returns What `action` returned.
   * @throws {@link IllegalArgumentException} when `action` is not a function, or returned a Promise.
   * @throws {@link UnsupportedOperationException} when the platform's store does not support SQL.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link Sql} for the statements it runs.
   * @example
   * ```ts
   * import { QueryHelper } from '@tech-vendor/api'
   *
   * const totals = QueryHelper.withSql((sql) =>
   *   sql.rows('select status, sum(total) as total from orders where created_on >= ? group by status', ['2024-01-01']),
   * )
   * ```
   */
  static withSql<T>(action: (sql: Sql) => SynchronousResult<T>): T {
    const facet =
      (this as FacadeClass)?.[LINKED]?.withSql ?? checkedFacet(members.withSql, arguments, QueryHelper)
    return facet.withSql(synchronous(members.withSql, action))
  }
}

/**
 * The closure the host runs: the plugin's closure, checked to have returned synchronously. Throwing inside it
 * lets the host end the session or roll the transaction back before the error reaches the caller.
 */
function synchronous<A, T>(member: MemberSpec, closure: unknown): (argument: A) => T {
  const where = `${member.owner}.${member.name}`
  const fn = requireFunction<(argument: A) => T>(closure, `${where}(closure)`, 'closure')
  return (argument: A): T => {
    const result = fn(argument)
    if (isThenable(result)) {
      // The caller learns of the mistake now; what the Promise does later (a host refuses work that reaches it
      // after the session ended, and reports that refusal itself) must not end the process as an unhandled
      // rejection.
      void Promise.resolve(result).catch(() => undefined)
      throw new IllegalArgumentException(
        `${where} was given a closure that returned a Promise (or another thenable). The platform ends the ` +
          `${member.name === 'withTransaction' ? 'transaction' : 'session'} when the closure returns, so work the ` +
          'Promise finishes later would run outside it. Make the closure synchronous (the API is synchronous) and ' +
          'start asynchronous work after the call returns.',
      )
    }
    return result
  }
}
