import { afterEach, describe, expect, it, vi } from 'vitest'
import type * as Api from '../../src/index.js'
import { DomainHelper, SimpleQuery } from '../../src/index.js'
import {
  MissingMethodException,
  NoSuchMethodError,
  bindRuntime,
  unbindRuntime,
  type Linkage,
  type VendorRuntime,
} from '../../src/runtime-contract/index.js'
import { SLOT_KEY, type Slot } from '../../src/runtime-contract/registry.js'
import { tinyRuntime } from './runtimes.js'

afterEach(() => {
  unbindRuntime()
})

/** A runtime whose query facet is whatever `current.query` holds when plugin code calls. */
function runtimeWithSwappableQuery(linkage: Linkage, current: { query: object }): VendorRuntime {
  const runtime = tinyRuntime('swapping-host', linkage)
  Object.defineProperty(runtime, 'query', { get: () => current.query, enumerable: true })
  return runtime
}

describe('the facet a facade calls', () => {
  it('is read from the runtime on every call, so a host may hand out another facet object at any time', () => {
    const current = { query: { count: () => 1 } as object }
    bindRuntime(runtimeWithSwappableQuery('dynamic', current))
    expect(SimpleQuery.count('Order')).toBe(1)
    current.query = { count: () => 2 }
    expect(SimpleQuery.count('Order')).toBe(2)
  })

  it.each(['dynamic', 'static'] as const)(
    'is checked again when it is another object: one without the member fails to link (%s linkage)',
    (linkage) => {
      const current = { query: { count: () => 1 } as object }
      bindRuntime(runtimeWithSwappableQuery(linkage, current))
      expect(SimpleQuery.count('Order')).toBe(1)
      current.query = { getAll: () => [] }
      const expected = linkage === 'dynamic' ? MissingMethodException : NoSuchMethodError
      expect(() => SimpleQuery.count('Order')).toThrow(expected)
      expect(() => SimpleQuery.count('Order')).toThrow(/SimpleQuery\.count/)
    },
  )

  it('is checked again for each binding: a runtime bound later without the member fails to link', () => {
    bindRuntime(tinyRuntime('first-host', 'dynamic', { query: { count: () => 1 } }))
    expect(SimpleQuery.count('Order')).toBe(1)
    unbindRuntime()
    bindRuntime(tinyRuntime('second-host', 'dynamic', { query: {} }))
    expect(() => SimpleQuery.count('Order')).toThrow(
      /second-host.*does not provide SimpleQuery\.count\(String\)/s,
    )
  })

  it('is checked per member: a facet that has one member does not vouch for another', () => {
    bindRuntime(tinyRuntime('half-host', 'dynamic', { domain: { createDomain: () => undefined } }))
    DomainHelper.createDomain({ name: 'a' })
    expect(() => DomainHelper.updateDomain({ name: 'a' })).toThrow(MissingMethodException)
  })
})

describe('several copies of the package on one binding', () => {
  it('a second copy, loaded after the binding was made, checks its own members', async () => {
    bindRuntime(tinyRuntime('shared-host', 'dynamic', { query: { count: () => 1 } }))
    expect(SimpleQuery.count('Order')).toBe(1)
    vi.resetModules()
    const copy: typeof Api = await import('../../src/index.js')
    expect(copy.SimpleQuery).not.toBe(SimpleQuery)
    expect(copy.SimpleQuery.count('Order')).toBe(1)
    expect(() => copy.SimpleQuery.getAll('Order')).toThrow(/does not provide SimpleQuery\.getAll\(String\)/)
    expect(() => SimpleQuery.getAll('Order')).toThrow(/does not provide SimpleQuery\.getAll\(String\)/)
    expect(SimpleQuery.count('Order')).toBe(1)
  })

  it('a binding made by a copy that predates the checked-facet record still serves every call', () => {
    const runtime = tinyRuntime('older-copy-host', 'dynamic', { query: { count: () => 2 } })
    // As a copy of the package without the record binds: the binding has only the runtime and the warnings.
    const slot = (globalThis as unknown as Record<symbol, Slot>)[SLOT_KEY] as Slot
    slot.binding = { runtime, warned: new Set() }
    expect(SimpleQuery.count('Order')).toBe(2)
    expect(SimpleQuery.count('Order')).toBe(2)
    expect(() => SimpleQuery.getAll('Order')).toThrow(MissingMethodException)
  })
})
