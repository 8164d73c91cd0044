import { describe, expect, it } from 'vitest'
import { DomainHelper, QueryHelper, SQLException, SimpleQuery } from '../../../../src/index.js'
import { SeedDataException } from '../../../../src/testing/index.js'
import { catchError, installHost } from '../../hosts.js'
import { label, labels, rename } from '../labels.js'

// The in-memory store's stand-in for row locks (src/testing/store/memory/new-session.ts); the conformance
// suite's transactions group holds what every store does alike.

function expectLockTimeout(error: unknown): void {
  expect(SQLException.is(error), String(error)).toBe(true)
  expect((error as SQLException).sqlState).toBe('55P03')
  expect((error as Error).message).toMatch(
    /(deleted|wrote) row \d+ of Label, which the enclosing transaction had written/,
  )
}

describe('withNewSession on the in-memory store', () => {
  it('undoes everything the failed new session wrote, a nested session’s commits too, even when its code caught the error', () => {
    installHost()
    const shared = label('shared')
    QueryHelper.withTransaction(() => {
      rename(shared, 'outer')
      let caught: unknown
      const error = catchError(() =>
        QueryHelper.withNewSession(() => {
          label('autocommitted, undone')
          QueryHelper.withNewSession(() => label('nested session, undone'))
          caught = catchError(() => rename(shared, 'inner'))
          label('after the error, undone')
        }),
      )
      expectLockTimeout(caught)
      expect(error).toBe(caught)
      expect(QueryHelper.withNewSession(() => labels())).toEqual(['shared'])
    })
    expect(labels()).toEqual(['outer'])
  })

  it('keeps the outermost transaction’s locks for a session two levels in', () => {
    installHost()
    const held = label('held')
    QueryHelper.withTransaction(() => {
      rename(held, 'outer')
      QueryHelper.withNewSession(() =>
        QueryHelper.withTransaction(() => {
          label('middle')
          expectLockTimeout(
            catchError(() => QueryHelper.withNewSession(() => DomainHelper.deleteDomain(held))),
          )
        }),
      )
    })
    expect(labels()).toEqual(['middle', 'outer'])
  })

  it('frees the row of a write the outer transaction rolled back to a savepoint (a failed seed import)', () => {
    const host = installHost()
    const ann = DomainHelper.buildDomain('Client', { name: 'Ann', email: 'ann@old.example' })
    DomainHelper.createDomain(ann)
    QueryHelper.withTransaction(() => {
      const failed = catchError(() =>
        host.importSeedCsv('Client', 'name(*),email\nAnn,ann@seed.example\n,nobody\n'),
      )
      expect(SeedDataException.is(failed), String(failed)).toBe(true)
      QueryHelper.withNewSession(() => DomainHelper.updateDomain({ ...ann, email: 'ann@new.example' }))
    })
    expect(SimpleQuery.getById('Client', ann.id)).toMatchObject({ email: 'ann@new.example' })
  })
})
