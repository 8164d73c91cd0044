import { afterAll, describe, expect, it } from 'vitest'
import {
  DomainHelper,
  IllegalStateException,
  QueryHelper,
  SQLException,
  SimpleQuery,
  StorageUtils,
} from '../../../../src/index.js'
import { pgliteStore, type TestHost } from '../../../../src/testing/index.js'
import { catchError, installHost } from '../../hosts.js'
import { label, labels, rename } from '../labels.js'

// PGlite has one connection: withNewSession inside a transaction is emulated by replaying the transaction's
// writes after the new session (docs/sql.md). These tests hold that the result is what the platform gives, or
// a clear error, never other data.
const store = await pgliteStore()
afterAll(() => store.close())

const install = (): TestHost => installHost({ store, tenants: ['acme', 'globex'] })

describe('withNewSession on PGlite', () => {
  it('inside a transaction that wrote: the new session sees only committed data, and the transaction keeps its writes', () => {
    install()
    const kept = label('committed')
    QueryHelper.withTransaction(() => {
      label('outer')
      rename(kept, 'renamed in outer')
      const seen = QueryHelper.withNewSession(() => {
        label('inner')
        return labels()
      })
      expect(seen).toEqual(['committed', 'inner'])
      expect(labels()).toEqual(['inner', 'outer', 'renamed in outer'])
    })
    expect(labels()).toEqual(['inner', 'outer', 'renamed in outer'])
  })

  it('what the new session writes survives the transaction’s rollback; what the transaction wrote does not', () => {
    install()
    QueryHelper.withTransaction((status) => {
      label('outer')
      StorageUtils.createStorageFileDomain('a.txt', 'text/plain', 'a')
      QueryHelper.withNewSession(() => label('inner'))
      status.setRollbackOnly()
    })
    expect(labels()).toEqual(['inner'])
    expect(QueryHelper.withSql((sql) => sql.rows('select file_name from storage_file'))).toEqual([])
  })

  it('keeps the transaction’s savepoints, so that an enclosing sql.withTransaction still rolls back its own part', () => {
    install()
    QueryHelper.withTransaction(() => {
      label('before')
      const failure = new Error('inner part fails')
      const thrown = catchError(() =>
        QueryHelper.withSql((sql) =>
          sql.withTransaction(() => {
            label('in savepoint')
            QueryHelper.withNewSession(() => label('new session'))
            label('after new session')
            throw failure
          }),
        ),
      )
      expect(thrown).toBe(failure)
      label('after')
    })
    expect(labels()).toEqual(['after', 'before', 'new session'])
  })

  it('a transaction that only read sees what the new session committed afterwards, as READ COMMITTED does', () => {
    install()
    QueryHelper.withTransaction(() => {
      expect(labels()).toEqual([])
      expect(QueryHelper.withSql((sql) => sql.rows('select name from label'))).toEqual([])
      QueryHelper.withNewSession(() => label('inner'))
      expect(labels()).toEqual(['inner'])
    })
  })

  it('a new session that changes a row the transaction wrote fails as a lock timeout, its writes undone', () => {
    install()
    const shared = label('shared')
    QueryHelper.withTransaction(() => {
      rename(shared, 'outer name')
      const error = catchError(() =>
        QueryHelper.withNewSession(() => {
          label('inner, undone')
          rename(shared, 'inner name')
        }),
      )
      expect(SQLException.is(error), String(error)).toBe(true)
      expect((error as SQLException).sqlState).toBe('55P03')
      expect((error as Error).message).toMatch(/which the enclosing transaction had written/)
      expect(labels()).toEqual(['outer name'])
    })
    expect(labels()).toEqual(['outer name'])
  })

  it('a new session that deletes a row the transaction’s writes reference fails the same way', () => {
    install()
    const customer = DomainHelper.buildDomain('Client', { name: 'Ann' })
    DomainHelper.createDomain(customer)
    QueryHelper.withTransaction(() => {
      DomainHelper.createDomain(
        DomainHelper.buildDomain('Purchase', { number: 'P1', status: 'OPEN', customer }),
      )
      const error = catchError(() => QueryHelper.withNewSession(() => DomainHelper.deleteDomain(customer)))
      expect((error as SQLException).sqlState).toBe('55P03')
    })
    expect(SimpleQuery.of('Purchase').eq('customer', customer).listAll()).toHaveLength(1)
  })

  it('a new session that references a row the transaction deleted fails the same way, and the transaction goes on', () => {
    install()
    const customer = DomainHelper.buildDomain('Client', { name: 'Ann' })
    DomainHelper.createDomain(customer)
    QueryHelper.withTransaction(() => {
      DomainHelper.deleteDomain(customer)
      const error = catchError(() =>
        QueryHelper.withNewSession(() => {
          label('inner, undone')
          DomainHelper.createDomain(
            DomainHelper.buildDomain('Purchase', { number: 'P1', status: 'OPEN', customer }),
          )
        }),
      )
      expect(SQLException.is(error), String(error)).toBe(true)
      expect((error as SQLException).sqlState).toBe('55P03')
      expect(SimpleQuery.count('Client')).toBe(0)
      label('outer')
    })
    expect(SimpleQuery.count('Client')).toBe(0)
    expect(SimpleQuery.count('Purchase')).toBe(0)
    expect(labels()).toEqual(['outer'])
  })

  it('is refused before anything runs inside a transaction that wrote through withSql, which cannot be replayed', () => {
    install()
    QueryHelper.withTransaction(() => {
      QueryHelper.withSql((sql) =>
        sql.execute("insert into label (tenant_id, name) values ('acme', 'native')"),
      )
      let ran = false
      const error = catchError(() => QueryHelper.withNewSession(() => (ran = true)))
      expect(IllegalStateException.is(error)).toBe(true)
      expect((error as Error).message).toMatch(
        /wrote through withSql, which cannot be\s+replayed. Nothing ran/,
      )
      expect(ran).toBe(false)
      expect(labels()).toEqual(['native'])
    })
    expect(labels()).toEqual(['native'])
  })

  it('an error thrown in the new session reaches the caller, and what it wrote before stays', () => {
    install()
    const failure = new Error('inner failed')
    QueryHelper.withTransaction(() => {
      label('outer')
      expect(
        catchError(() =>
          QueryHelper.withNewSession(() => {
            label('inner')
            throw failure
          }),
        ),
      ).toBe(failure)
    })
    expect(labels()).toEqual(['inner', 'outer'])
  })

  it('a transaction a failed statement aborted stays aborted after the new session', () => {
    install()
    const error = catchError(() =>
      QueryHelper.withTransaction(() => {
        label('lost')
        catchError(() => QueryHelper.withSql((sql) => sql.execute('select 1/0')))
        QueryHelper.withNewSession(() => label('inner'))
        expect((catchError(() => labels()) as SQLException).sqlState).toBe('25P02')
      }),
    )
    expect((error as SQLException).sqlState).toBe('25P02')
    expect(labels()).toEqual(['inner'])
  })
})

describe('one connection', () => {
  it('code of another session cannot read while a transaction is open on it, and says what to use', () => {
    const host = install()
    QueryHelper.withTransaction(() => {
      label('outer')
      const error = catchError(() => host.runAs({ tenant: 'globex' }, () => labels()))
      expect(IllegalStateException.is(error)).toBe(true)
      expect((error as Error).message).toMatch(/PGlite has one connection.*withNewSession.*postgresStore/s)
    })
    expect(labels()).toEqual(['outer'])
  })
})
