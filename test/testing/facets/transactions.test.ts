import { describe, expect, test, vi } from 'vitest'
import {
  DomainHelper,
  IllegalArgumentException,
  IllegalStateException,
  QueryHelper,
  SimpleQuery,
  UnsupportedOperationException,
} from '../../../src/index.js'
import { TransactionOverlay } from '../../../src/testing/store/memory/index.js'
import { AsyncHelper } from '../../../src/v1/index.js'
import { catchError, installHost } from '../hosts.js'

function createLabel(name: string): void {
  DomainHelper.createDomain(DomainHelper.buildDomain('Label', { name }))
}

const labels = (): string[] => SimpleQuery.getAll('Label').map((l) => l['name'] as string)

describe('withTransaction', () => {
  test('an upsert by key inside a transaction looks each key up through an index, not by reading every uncommitted row', () => {
    installHost()
    const rows = vi.spyOn(TransactionOverlay.prototype, 'rows')
    QueryHelper.withTransaction(() => {
      for (let i = 0; i < 3000; i++) {
        const name = `label ${i % 1500}`
        const found = SimpleQuery.of('Label').eq('name', name).get()
        if (found === null) createLabel(name)
        else DomainHelper.updateDomain({ ...found, name })
      }
    })
    // Once to build the uncommitted rows' index on `name`; a scan per lookup would be 3,000.
    expect(rows.mock.calls.length).toBeLessThanOrEqual(1)
    rows.mockRestore()
    expect(SimpleQuery.count('Label')).toBe(1500)
  })

  test('commits when the closure returns, and returns what it returns', () => {
    installHost()
    const result = QueryHelper.withTransaction(() => {
      createLabel('a')
      createLabel('b')
      return 'done'
    })
    expect(result).toBe('done')
    expect(labels()).toEqual(['a', 'b'])
  })

  test('rolls back every write when the closure throws, and rethrows', () => {
    installHost()
    createLabel('kept')
    const failure = new Error('boom')
    expect(() =>
      QueryHelper.withTransaction(() => {
        createLabel('lost')
        const kept = SimpleQuery.of('Label').eq('name', 'kept').get() as Record<string, unknown>
        DomainHelper.updateDomain({ ...kept, name: 'renamed' })
        throw failure
      }),
    ).toThrow(failure)
    expect(labels()).toEqual(['kept'])
  })

  test('rolls back when the closure calls setRollbackOnly(), without an error', () => {
    installHost()
    const result = QueryHelper.withTransaction((status) => {
      createLabel('lost')
      status.setRollbackOnly()
      expect(status.isRollbackOnly()).toBe(true)
      return 42
    })
    expect(result).toBe(42)
    expect(labels()).toEqual([])
  })

  test('reads inside the transaction see its own uncommitted writes', () => {
    installHost()
    QueryHelper.withTransaction(() => {
      createLabel('new')
      expect(SimpleQuery.of('Label').eq('name', 'new').listAll()).toHaveLength(1)
      expect(SimpleQuery.count('Label')).toBe(1)
      const label = SimpleQuery.of('Label').eq('name', 'new').get() as Record<string, unknown>
      DomainHelper.deleteDomain(label)
      expect(SimpleQuery.count('Label')).toBe(0)
    })
  })

  test('a nested call joins the outer transaction: isNewTransaction is false and it commits with the outer', () => {
    installHost()
    QueryHelper.withTransaction((outer) => {
      expect(outer.isNewTransaction()).toBe(true)
      QueryHelper.withTransaction((inner) => {
        expect(inner.isNewTransaction()).toBe(false)
        createLabel('inner')
      })
      createLabel('outer')
    })
    expect(labels()).toEqual(['inner', 'outer'])
  })

  test('a joined call that throws dooms the whole transaction even if the outer closure catches it', () => {
    installHost()
    const error = catchError(() =>
      QueryHelper.withTransaction(() => {
        createLabel('outer')
        try {
          QueryHelper.withTransaction(() => {
            createLabel('inner')
            throw new Error('inner failure')
          })
        } catch {
          // swallowed: the transaction is still marked rollback-only
        }
      }),
    )
    expect(IllegalStateException.is(error)).toBe(true)
    expect((error as Error).message).toContain('rollback-only')
    expect(labels()).toEqual([])
  })

  test('an outer rollback undoes what nested calls wrote', () => {
    installHost()
    QueryHelper.withTransaction((status) => {
      QueryHelper.withTransaction(() => createLabel('inner'))
      status.setRollbackOnly()
    })
    expect(labels()).toEqual([])
  })

  test('a closure that returns a Promise is refused, and its writes are rolled back', () => {
    installHost()
    const error = catchError(() =>
      QueryHelper.withTransaction((async () => {
        createLabel('async')
      }) as never),
    )
    expect(IllegalArgumentException.is(error)).toBe(true)
    expect(labels()).toEqual([])
  })

  test.each(['withTransaction', 'withNewSession'] as const)(
    'what an async closure of %s does after it returned is refused and reported, and nothing of it is written',
    async (method) => {
      const host = installHost()
      let resume!: () => void
      const paused = new Promise<void>((resolve) => (resume = resolve))
      let finished: Promise<unknown> | undefined
      const error = catchError(() =>
        QueryHelper[method]((() => {
          finished = (async () => {
            createLabel('before')
            await paused
            createLabel('after')
          })()
          return finished
        }) as never),
      )
      expect(IllegalArgumentException.is(error)).toBe(true)
      resume()
      const refusal = await finished!.catch((caught: unknown) => caught)
      expect(IllegalStateException.is(refusal)).toBe(true)
      expect((refusal as Error).message).toMatch(
        new RegExp(
          `^QueryHelper\\.${method} failed, but work its closure started .* was refused before it read or wrote anything`,
        ),
      )
      expect(host.takeErrors()).toEqual([refusal])
      // 'before' was written in the new session, which a refused Promise does not undo; nothing after it was.
      expect(labels()).toEqual(method === 'withTransaction' ? [] : ['before'])
    },
  )

  test("a timer a failed transaction's closure set is refused when it reaches the host afterwards", async () => {
    const host = installHost()
    let fired: Promise<unknown> | undefined
    const error = catchError(() =>
      QueryHelper.withTransaction(() => {
        fired = new Promise((resolve) => setTimeout(() => resolve(catchError(() => createLabel('late'))), 0))
        throw new Error('invalid order')
      }),
    )
    expect((error as Error).message).toBe('invalid order')
    expect(IllegalStateException.is(await fired)).toBe(true)
    expect(host.takeErrors()).toHaveLength(1)
    expect(labels()).toEqual([])
  })

  test("work a committed transaction's closure started goes on after it, outside the transaction", async () => {
    const host = installHost()
    let followUp: Promise<unknown> | undefined
    let timer: Promise<unknown> | undefined
    QueryHelper.withTransaction(() => {
      createLabel('in the transaction')
      // On the platform a future's callbacks run on the pool thread that completes it.
      followUp = AsyncHelper.supplyAsync(() => 'follow-up').then((name) => createLabel(name))
      timer = new Promise((resolve) => setTimeout(() => resolve(createLabel('timer')), 0))
    })
    await host.whenIdle()
    await followUp
    await timer
    expect(host.takeErrors()).toEqual([])
    expect(labels().sort()).toEqual(['follow-up', 'in the transaction', 'timer'])
  })
})

describe('sessions', () => {
  test('withNewSession does not see the outer transaction’s uncommitted writes', () => {
    installHost()
    QueryHelper.withTransaction(() => {
      createLabel('uncommitted')
      expect(QueryHelper.withNewSession(() => SimpleQuery.count('Label'))).toBe(0)
    })
  })

  test('what withNewSession writes is not rolled back with the outer transaction', () => {
    installHost()
    QueryHelper.withTransaction((status) => {
      createLabel('outer')
      QueryHelper.withNewSession(() => createLabel('own session'))
      status.setRollbackOnly()
    })
    expect(labels()).toEqual(['own session'])
  })

  test('a transaction inside withNewSession is new and independent of the outer one', () => {
    installHost()
    QueryHelper.withTransaction((outer) => {
      QueryHelper.withNewSession(() =>
        QueryHelper.withTransaction((inner) => {
          expect(inner.isNewTransaction()).toBe(true)
          createLabel('independent')
        }),
      )
      outer.setRollbackOnly()
    })
    expect(labels()).toEqual(['independent'])
  })

  test('withSession runs in the current session and sees the transaction’s writes', () => {
    installHost()
    QueryHelper.withTransaction(() => {
      createLabel('visible')
      expect(
        QueryHelper.withSession((session) => {
          session.flush()
          return SimpleQuery.count('Label')
        }),
      ).toBe(1)
    })
  })
})

describe('withSql', () => {
  test('is an UnsupportedOperationException that says a SQL store is needed and names the store', () => {
    installHost({ name: 'shop-tests' })
    const error = catchError(() => QueryHelper.withSql((sql) => sql.rows('select 1')))
    expect(UnsupportedOperationException.is(error)).toBe(true)
    expect((error as Error).message).toMatch(/needs a SQL store/)
    expect((error as Error).message).toMatch(/'shop-tests'.*in-memory store/)
  })
})
