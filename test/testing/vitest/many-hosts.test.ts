import { executionAsyncResource } from 'node:async_hooks'
import { describe, expect } from 'vitest'
import { AsyncHelper, DomainHelper, SimpleQuery, VendorPlatformComponent } from '../../../src/index.js'
import { hostTest } from '../../../src/testing/vitest/index.js'
import { collectGarbage } from '../../collect-garbage.js'

// A suite as a plugin author writes one: thousands of small tests, each on a host of its own. What a test
// leaves behind would make every later one slower (each enabled AsyncLocalStorage is visited by every
// promise and timer); this file counts it instead of timing it.

const HOSTS = 2000

/** One object per test that only its host holds (as a bean): it is collected when the host is. */
const markers: WeakRef<object>[] = []

const test = hostTest(() => {
  const marker = {}
  markers.push(new WeakRef(marker))
  return { domains: { Note: { fields: { text: 'STRING' } } }, beans: [marker] }
})

class Startup extends VendorPlatformComponent {
  override onLoad(): void {
    DomainHelper.createDomain(DomainHelper.buildDomain('Note', { text: 'loaded' }))
  }
}

/** `AsyncHelper.task` as dynamic code calls it. */
const task = (fn: () => void): void => void (AsyncHelper.task as unknown as (r: () => void) => unknown)(fn)

/** How many context stores a new timer carries: one per enabled AsyncLocalStorage (Node 20). */
function storesOnANewTimer(): Promise<number> {
  return new Promise((resolve) =>
    setTimeout(() => resolve(Object.getOwnPropertySymbols(executionAsyncResource()).length), 0),
  )
}

const stores: number[] = []

describe(`${HOSTS} tests, a host each`, () => {
  test.for(Array.from({ length: HOSTS }, (_, i) => i))(
    'test %i runs as a user, loads a plugin and runs a task',
    async (i, { host }) => {
      await host.runAs({ user: { id: 1, username: 'ann' } }, async () => {
        await Promise.resolve()
        DomainHelper.createDomain(DomainHelper.buildDomain('Note', { text: `test ${i}` }))
      })
      host.loadPlugin({ manifest: { name: 'startup', version: '1.0.0' }, components: [Startup] })
      task(() => DomainHelper.createDomain(DomainHelper.buildDomain('Note', { text: 'from a task' })))
      await host.whenIdle()
      expect(SimpleQuery.count('Note')).toBe(3)
      if (i === 0 || i === HOSTS - 1) stores.push(await storesOnANewTimer())
    },
  )

  test('the last test pays for as many context stores as the first', () => {
    expect(stores).toHaveLength(2)
    expect(stores[1]).toBe(stores[0])
  })

  test('the hosts of the earlier tests are collected', () => {
    collectGarbage()
    expect(markers.length).toBeGreaterThanOrEqual(HOSTS)
    // This test's own host is alive, and the runner may not have let the previous test's fixture go yet;
    // every earlier one must be gone (were they kept, all 2,000 would be here).
    expect(markers.filter((ref) => ref.deref() !== undefined).length).toBeLessThanOrEqual(2)
  })
})
