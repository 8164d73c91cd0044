import { describe, expect, it, vi } from 'vitest'
import { IllegalArgumentException, QueryHelper, type Sql } from '../../src/index.js'
import type { QueryRuntime, Session, TransactionStatus } from '../../src/runtime-contract/index.js'
import { bindTinyRuntime, unbindAfterEach } from './tiny-runtime.js'

unbindAfterEach()

/** A query facet that runs each closure as a host would and records how each run ended. */
function bindSessionHost() {
  const events: string[] = []
  const session: Session = { flush: () => void events.push('flush'), clear: () => void events.push('clear') }
  let rollbackOnly = false
  const status: TransactionStatus = {
    setRollbackOnly: () => void (rollbackOnly = true),
    isRollbackOnly: () => rollbackOnly,
    isNewTransaction: () => true,
  }
  const sql = { rows: () => [{ one: 1 }] } as unknown as Sql
  const run = <A, T>(name: string, argument: A, closure: (argument: A) => T): T => {
    events.push(`${name}:begin`)
    try {
      const result = closure(argument)
      events.push(rollbackOnly ? `${name}:rollback` : `${name}:commit`)
      return result
    } catch (error) {
      events.push(`${name}:rollback`)
      throw error
    }
  }
  const query = {
    withSession: vi.fn(<T>(closure: (s: Session) => T) => run('session', session, closure)),
    withNewSession: vi.fn(<T>(closure: (s: Session) => T) => run('newSession', session, closure)),
    withTransaction: vi.fn(<T>(closure: (s: TransactionStatus) => T) => run('transaction', status, closure)),
    withSql: vi.fn(<T>(closure: (s: Sql) => T) => run('sql', sql, closure)),
  }
  // vi.fn drops the generic signatures of the contract's members; the behaviour is the contract's.
  bindTinyRuntime({ query: query as unknown as Partial<QueryRuntime> })
  return { query, events, session, status, sql }
}

const methods = ['withSession', 'withNewSession', 'withTransaction', 'withSql'] as const
type Method = (typeof methods)[number]
const call = (method: Method, closure: unknown): unknown =>
  (QueryHelper[method] as (closure: unknown) => unknown)(closure)

describe('QueryHelper', () => {
  it.each(methods)(
    '%s runs the closure through the host with its context and returns its result',
    (method) => {
      const host = bindSessionHost()
      const seen: unknown[] = []
      const result = call(method, (context: unknown) => {
        seen.push(context)
        return 'done'
      })
      expect(result).toBe('done')
      expect(host.query[method]).toHaveBeenCalledOnce()
      const expected = {
        withSession: host.session,
        withNewSession: host.session,
        withTransaction: host.status,
        withSql: host.sql,
      }
      expect(seen).toEqual([expected[method]])
      expect(seen[0]).toBe(expected[method])
    },
  )

  it('withTransaction lets the host commit on return and roll back on a throw, which propagates', () => {
    const host = bindSessionHost()
    expect(QueryHelper.withTransaction(() => 1)).toBe(1)
    const failure = new Error('boom')
    expect(() =>
      QueryHelper.withTransaction(() => {
        throw failure
      }),
    ).toThrow(failure)
    expect(host.events).toEqual([
      'transaction:begin',
      'transaction:commit',
      'transaction:begin',
      'transaction:rollback',
    ])
  })

  it('withTransaction hands the closure the status, so setRollbackOnly reaches the host', () => {
    const host = bindSessionHost()
    QueryHelper.withTransaction((status) => status.setRollbackOnly())
    expect(host.events).toEqual(['transaction:begin', 'transaction:rollback'])
  })

  it('withSql returns what the action computed with the Sql', () => {
    bindSessionHost()
    expect(QueryHelper.withSql((sql) => sql.rows('select 1 as one'))).toEqual([{ one: 1 }])
  })

  it.each(methods)(
    '%s rejects a closure that returns a Promise, inside the host so that it ends the work',
    (method) => {
      const host = bindSessionHost()
      expect(() => call(method, () => Promise.resolve(1))).toThrow(IllegalArgumentException)
      expect(() => call(method, () => ({ then: () => undefined }))).toThrow(
        new RegExp(
          `QueryHelper\\.${method} was given a closure that returned a Promise \\(or another thenable\\)`,
        ),
      )
      expect(host.events.filter((e) => e.endsWith(':rollback'))).toHaveLength(2)
      expect(host.events.some((e) => e.endsWith(':commit'))).toBe(false)
    },
  )

  it('says why an async transaction closure is wrong and what to do', () => {
    bindSessionHost()
    expect(() => QueryHelper.withTransaction((async () => {}) as never)).toThrow(
      /ends the transaction when the closure returns.*Make the closure synchronous/,
    )
  })

  it.each(methods)('%s rejects a closure that is not a function, without calling the host', (method) => {
    const host = bindSessionHost()
    expect(() => call(method, 'select 1')).toThrow(
      new RegExp(`QueryHelper\\.${method}\\(closure\\) expects closure as a function, got string "select 1"`),
    )
    expect(() => call(method, undefined)).toThrow(IllegalArgumentException)
    expect(host.query[method]).not.toHaveBeenCalled()
  })
})
