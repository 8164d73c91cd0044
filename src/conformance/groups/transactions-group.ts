import { expect, it } from 'vitest'
import { DomainHelper } from '../../api/domain-helper.js'
import type { DomainObject } from '../../model/domain-registry.js'
import { QueryHelper } from '../../api/query-helper.js'
import { SimpleQuery } from '../../api/simple-query.js'
import type { Sql } from '../../model/sql.js'
import { SQLException } from '../../errors/sql-exception.js'
import { UnsupportedOperationException } from '../../errors/unsupported-operation-exception.js'
import { CUSTOMER, ITEM, ORDER, TAG } from '../conformance-domains.js'
import type { GroupDefinition } from './group-definition.js'
import { catchError, create, createOne, nameSet } from './test-helpers.js'

const tag = (name: string): void => void createOne(TAG, { name })
const tags = (): string[] => nameSet(SimpleQuery.getAll(TAG))
const rename = (object: DomainObject, name: string): void => DomainHelper.updateDomain({ ...object, name })

/**
 * Holds that `fn`, run in a new session, fails as a lock wait does on the platform: the enclosing transaction
 * holds a row it writes and cannot go on until the new session returns, so it fails after the lock timeout.
 */
function expectLockTimeout(fn: () => unknown): void {
  const error = catchError(() => QueryHelper.withNewSession(fn))
  expect(SQLException.is(error), String(error)).toBe(true)
  expect((error as SQLException).sqlState).toBe('55P03')
  expect((error as Error).message).toMatch(/lock timeout/)
}

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

    it('withNewSession that writes a row the outer transaction changed fails as a lock timeout (55P03), writes nothing, and the outer goes on', () => {
      start()
      const shared = createOne(TAG, { name: 'shared' })
      QueryHelper.withTransaction(() => {
        rename(shared, 'outer')
        expectLockTimeout(() =>
          QueryHelper.withTransaction(() => {
            tag('inner, undone')
            rename(shared, 'inner')
          }),
        )
        expect(tags()).toEqual(['outer'])
        tag('after')
      })
      expect(tags()).toEqual(['after', 'outer'])
    })

    it('withNewSession cannot delete a row the outer transaction changed, nor change one it deleted', () => {
      start()
      const [changed, deleted] = create(TAG, [{ name: 'changed' }, { name: 'deleted' }]) as [
        DomainObject,
        DomainObject,
      ]
      QueryHelper.withTransaction(() => {
        rename(changed, 'outer')
        DomainHelper.deleteDomain(deleted)
        expectLockTimeout(() => DomainHelper.deleteDomain(changed))
        expectLockTimeout(() => rename(deleted, 'inner'))
      })
      expect(tags()).toEqual(['outer'])
    })

    it('withNewSession writes a row the outer transaction only read, and does not see (nor wait for) one it created', () => {
      start()
      const read = createOne(TAG, { name: 'read' })
      QueryHelper.withTransaction(() => {
        expect(SimpleQuery.getById(TAG, read.id)).toMatchObject({ name: 'read' })
        const created = createOne(TAG, { name: 'created' })
        QueryHelper.withNewSession(() => {
          expect(SimpleQuery.getById(TAG, created.id)).toBeNull()
          expect(SimpleQuery.count(TAG)).toBe(1)
          rename(read, 'renamed in new session')
        })
        expect(tags()).toEqual(['created', 'renamed in new session'])
      })
      expect(tags()).toEqual(['created', 'renamed in new session'])
    })

    it('withNewSession cannot delete a row the outer transaction’s writes reference, nor reference a row it deleted', () => {
      start()
      const [kept, gone] = create(CUSTOMER, [{ name: 'kept' }, { name: 'gone' }]) as [
        DomainObject,
        DomainObject,
      ]
      const doomedTag = createOne(TAG, { name: 'doomed' })
      QueryHelper.withTransaction(() => {
        createOne(ORDER, { number: 'O1', status: 'OPEN', customer: kept })
        DomainHelper.deleteDomain(gone)
        DomainHelper.deleteDomain(doomedTag)
        expectLockTimeout(() => DomainHelper.deleteDomain(kept))
        expectLockTimeout(() => create(ITEM, [{ name: 'first' }, { name: 'second', owner: gone }]))
        expectLockTimeout(() => create(ITEM, [{ name: 'tagged', tags: [doomedTag] }]))
        // Rows no lock holds are written as usual, a batch too.
        QueryHelper.withNewSession(() => create(ITEM, [{ name: 'free' }, { name: 'owned', owner: kept }]))
      })
      expect(nameSet(SimpleQuery.getAll(CUSTOMER))).toEqual(['kept'])
      expect(SimpleQuery.count(ORDER)).toBe(1)
      expect(nameSet(SimpleQuery.getAll(ITEM))).toEqual(['free', 'owned'])
      expect(tags()).toEqual([])
    })

    it('a new session inside a new session’s transaction cannot write what that transaction holds', () => {
      start()
      const [outerRow, middleRow] = create(TAG, [{ name: 'outer row' }, { name: 'middle row' }]) as [
        DomainObject,
        DomainObject,
      ]
      QueryHelper.withTransaction(() => {
        rename(outerRow, 'outer')
        QueryHelper.withNewSession(() =>
          QueryHelper.withTransaction(() => {
            rename(middleRow, 'middle')
            expectLockTimeout(() => rename(middleRow, 'innermost'))
            QueryHelper.withNewSession(() => tag('innermost'))
          }),
        )
      })
      expect(tags()).toEqual(['innermost', 'middle', 'outer'])
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
