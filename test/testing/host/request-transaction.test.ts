import { afterAll, describe, expect, it } from 'vitest'
import { DomainHelper, QueryHelper, SimpleQuery } from '../../../src/index.js'
import { runInTransaction } from '../../../src/testing/host/request-transaction.js'
import { createTestHost, pgliteStore, type TestHost } from '../../../src/testing/index.js'

const DOMAINS = { Note: { fields: { text: 'STRING' } } } as const
const ann = { id: 1, username: 'ann' }

/** The texts of the notes the current tenant holds, in id order. */
const texts = (): unknown[] =>
  SimpleQuery.of('Note')
    .list(0, 100)
    .map((note) => (note as unknown as { text: unknown }).text)
const note = (text: string): void => {
  DomainHelper.createDomain(DomainHelper.buildDomain('Note', { text }))
}
const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1))

const pglite = await pgliteStore()
afterAll(() => pglite.close())

describe.each([
  ['memory', () => createTestHost({ domains: DOMAINS, tenants: ['a', 'b'] })],
  ['PGlite', () => createTestHost({ domains: DOMAINS, tenants: ['a', 'b'], store: pglite })],
])('a transaction across awaits, on the %s store', (_store, make) => {
  const withHost = async (test: (host: TestHost) => Promise<void>): Promise<void> => {
    const host = make().install()
    try {
      await test(host)
    } finally {
      host.uninstall()
    }
  }

  it('commits what the work wrote when it resolves, writes on both sides of an await included', () =>
    withHost(async (host) => {
      const result = await runInTransaction(host, { tenant: 'a', user: ann }, async () => {
        note('before')
        await tick()
        note('after')
        return host.current()
      })
      expect(result).toEqual({ tenant: 'a', user: ann, plugin: null })
      expect(host.runAs({ tenant: 'a' }, texts)).toEqual(['before', 'after'])
      expect(host.runAs({ tenant: 'b' }, texts)).toEqual([])
    }))

  it('rolls back everything the work wrote when it rejects after an await', () =>
    withHost(async (host) => {
      const failing = runInTransaction(host, { tenant: 'a', user: ann }, async () => {
        note('first')
        await tick()
        note('second')
        throw new Error('the hook refused')
      })
      await expect(failing).rejects.toThrow('the hook refused')
      expect(host.runAs({ tenant: 'a' }, texts)).toEqual([])
    }))

  it('lets a QueryHelper.withTransaction inside join it, so its throw undoes the whole work', () =>
    withHost(async (host) => {
      const failing = runInTransaction(host, { tenant: 'a', user: null }, async () => {
        note('outer')
        await tick()
        try {
          QueryHelper.withTransaction(() => {
            note('inner')
            throw new Error('inner failed')
          })
        } catch {
          // The joined transaction is now rollback-only, as Spring's would be.
        }
      })
      await expect(failing).rejects.toThrow('rollback-only')
      expect(host.runAs({ tenant: 'a' }, texts)).toEqual([])
    }))

  it('sees its own uncommitted writes inside, and leaves them unseen by a session of its own until it commits', () =>
    withHost(async (host) => {
      let seenOutside: unknown[] = []
      await runInTransaction(host, { tenant: 'a', user: null }, async () => {
        note('pending')
        await tick()
        expect(texts()).toEqual(['pending'])
        seenOutside = QueryHelper.withNewSession(() => texts())
      })
      expect(seenOutside).toEqual([])
      expect(host.runAs({ tenant: 'a' }, texts)).toEqual(['pending'])
    }))

  it('inside a transaction of its tenant, joins it: what the inner work wrote is undone with the outer', () =>
    withHost(async (host) => {
      const failing = runInTransaction(host, { tenant: 'a', user: null }, async () => {
        note('outer')
        await runInTransaction(host, { tenant: 'a', user: ann }, async () => {
          await tick()
          note('inner')
        })
        await tick()
        throw new Error('the AFTER hook refused')
      })
      await expect(failing).rejects.toThrow('the AFTER hook refused')
      expect(host.runAs({ tenant: 'a' }, texts)).toEqual([])
    }))

  it('inside a transaction of its tenant, an inner work that rejects undoes its own writes only', () =>
    withHost(async (host) => {
      await runInTransaction(host, { tenant: 'a', user: null }, async () => {
        note('outer')
        const inner = runInTransaction(host, { tenant: 'a', user: ann }, async () => {
          note('inner')
          await tick()
          throw new Error('the logic threw')
        })
        await expect(inner).rejects.toThrow('the logic threw')
        note('after')
      })
      expect(host.runAs({ tenant: 'a' }, texts)).toEqual(['outer', 'after'])
    }))
})
