import { expect, it } from 'vitest'
import { DomainHelper } from '../../api/domain-helper.js'
import type { DomainObject } from '../../model/domain-registry.js'
import { QueryHelper } from '../../api/query-helper.js'
import { SimpleQuery } from '../../api/simple-query.js'
import type { Sql } from '../../model/sql.js'
import { UnsupportedOperationException } from '../../errors/unsupported-operation-exception.js'
import { TAG } from '../conformance-domains.js'
import type { GroupDefinition } from './group-definition.js'
import { createOne, nameSet } from './test-helpers.js'

const tag = (name: string): void => void createOne(TAG, { name })
const tags = (): string[] => nameSet(SimpleQuery.getAll(TAG))

/** The methods of `groovy.sql.Sql` that `withSql` hands over where the store has SQL. */
const SQL_METHODS = [
  'rows',
  'firstRow',
  'eachRow',
  'execute',
  'executeUpdate',
  'executeInsert',
  'withTransaction',
  'withBatch',
]

/** SPEC §7.4: commit, rollback, joining, independent sessions, withSql. */
export const transactionsGroup: GroupDefinition = {
  group: 'transactions',
  title: 'QueryHelper transactions and sessions (SPEC §7.4)',
  register({ start }) {
    it('withTransaction commits when the closure returns, and returns what it returns', () => {
      start()
      const result = QueryHelper.withTransaction(() => {
        tag('a')
        tag('b')
        return 'done'
      })
      expect(result).toBe('done')
      expect(tags()).toEqual(['a', 'b'])
    })

    it('withTransaction rolls back every write when the closure throws, and rethrows the error', () => {
      start()
      tag('kept')
      const failure = new Error('closure failed')
      expect(() =>
        QueryHelper.withTransaction(() => {
          tag('lost')
          const kept = SimpleQuery.of(TAG).eq('name', 'kept').get() as DomainObject
          DomainHelper.updateDomain({ ...kept, name: 'renamed' })
          expect(tags()).toEqual(['lost', 'renamed'])
          throw failure
        }),
      ).toThrow(failure)
      expect(tags()).toEqual(['kept'])
    })

    it('withTransaction rolls back when the closure calls setRollbackOnly(), without an error', () => {
      start()
      const result = QueryHelper.withTransaction((status) => {
        tag('lost')
        status.setRollbackOnly()
        expect(status.isRollbackOnly()).toBe(true)
        return 42
      })
      expect(result).toBe(42)
      expect(tags()).toEqual([])
    })

    it('a nested withTransaction joins the outer transaction: it commits and rolls back with it', () => {
      start()
      QueryHelper.withTransaction((outer) => {
        expect(outer.isNewTransaction()).toBe(true)
        QueryHelper.withTransaction((inner) => {
          expect(inner.isNewTransaction()).toBe(false)
          tag('inner')
        })
        tag('outer')
      })
      expect(tags()).toEqual(['inner', 'outer'])
      QueryHelper.withTransaction((outer) => {
        QueryHelper.withTransaction(() => tag('undone'))
        outer.setRollbackOnly()
      })
      expect(tags()).toEqual(['inner', 'outer'])
    })

    it('withNewSession does not see the outer transaction’s uncommitted writes', () => {
      start()
      tag('committed')
      QueryHelper.withTransaction(() => {
        tag('uncommitted')
        expect(SimpleQuery.count(TAG)).toBe(2)
        expect(QueryHelper.withNewSession(() => tags())).toEqual(['committed'])
      })
    })

    it('what withNewSession writes is not rolled back with the outer transaction', () => {
      start()
      QueryHelper.withTransaction((status) => {
        tag('outer')
        QueryHelper.withNewSession(() => tag('own session'))
        status.setRollbackOnly()
      })
      expect(tags()).toEqual(['own session'])
    })

    it('withSql gives a groovy.sql.Sql, or is an UnsupportedOperationException where the store has no SQL', () => {
      start()
      let handed: Sql | undefined
      try {
        QueryHelper.withSql((sql) => {
          handed = sql
          return null
        })
      } catch (error) {
        expect(handed).toBeUndefined()
        expect(
          UnsupportedOperationException.is(error),
          `expected UnsupportedOperationException, got ${String(error)}`,
        ).toBe(true)
        expect((error as Error).message).toMatch(/SQL/)
        return
      }
      for (const method of SQL_METHODS)
        expect(typeof (handed as unknown as Record<string, unknown>)[method], method).toBe('function')
    })
  },
}
