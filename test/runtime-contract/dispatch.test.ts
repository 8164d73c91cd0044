import { afterEach, describe, expect, it, vi } from 'vitest'
import type * as Api from '../../src/index.js'
import { AsyncHelper, DomainHelper, SimpleQuery } from '../../src/index.js'
import {
  IllegalStateException,
  MissingMethodException,
  NoSuchMethodError,
  bindRuntime,
  currentRuntime,
  unbindRuntime,
  type Linkage,
  type VendorRuntime,
} from '../../src/runtime-contract/index.js'
import { SLOT_KEY, registerCopy, type Slot } from '../../src/runtime-contract/registry.js'
import { collectGarbage } from '../collect-garbage.js'
import { runModuleScript } from '../run-module-script.js'
import { platformAsync, tinyRuntime } from './runtimes.js'

afterEach(() => {
  unbindRuntime()
})

/** A runtime whose query facet is whatever `current.query` holds when it is read; counts the reads. */
function runtimeWithSwappableQuery(
  linkage: Linkage,
  current: { query: object },
): { runtime: VendorRuntime; reads: () => number } {
  const runtime = tinyRuntime('swapping-host', linkage)
  let reads = 0
  Object.defineProperty(runtime, 'query', {
    get: () => {
      reads++
      return current.query
    },
    enumerable: true,
  })
  return { runtime, reads: () => reads }
}

describe('the facet a facade calls', () => {
  it('is read from the runtime once, when it is bound, not on each call', () => {
    const current = { query: { count: () => 1 } as object }
    const { runtime, reads } = runtimeWithSwappableQuery('dynamic', current)
    bindRuntime(runtime)
    expect(reads()).toBe(1)
    for (let i = 0; i < 100; i++) expect(SimpleQuery.count('Order')).toBe(1)
    expect(reads()).toBe(1)
  })

  it('is not replaced by a facet the runtime hands out later; binding again reads it', () => {
    const current = { query: { count: () => 1 } as object }
    const { runtime } = runtimeWithSwappableQuery('dynamic', current)
    bindRuntime(runtime)
    current.query = { count: () => 2 }
    expect(SimpleQuery.count('Order')).toBe(1)
    unbindRuntime()
    bindRuntime(runtime)
    expect(SimpleQuery.count('Order')).toBe(2)
  })

  it.each(['dynamic', 'static'] as const)(
    'has its members checked when it is bound, not on each call (%s linkage)',
    (linkage) => {
      // Counts how often the facades look a member up on the facet: the check, and the call itself.
      const lookups = new Map<PropertyKey, number>()
      const facet = new Proxy({ count: () => 1 } as Record<string, unknown>, {
        get(target, key) {
          lookups.set(key, (lookups.get(key) ?? 0) + 1)
          return target[key as string]
        },
      })
      bindRuntime(tinyRuntime('counted-host', linkage, { query: facet as never }))
      const checksAtBind = lookups.get('count') ?? 0
      expect(checksAtBind).toBeGreaterThan(0)
      for (let i = 0; i < 100; i++) SimpleQuery.count('Order')
      // One lookup per call: the call's own.
      expect(lookups.get('count')).toBe(checksAtBind + 100)
      const expected = linkage === 'dynamic' ? MissingMethodException : NoSuchMethodError
      expect(() => SimpleQuery.getAll('Order')).toThrow(expected)
      expect(() => SimpleQuery.getAll('Order')).toThrow(/SimpleQuery\.getAll/)
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

describe('a static facade, however it is called', () => {
  /** A query facet that counts how often each of its members is looked up. */
  function countedQuery(count: () => unknown): { facet: object; lookups: (key: string) => number } {
    const lookups = new Map<PropertyKey, number>()
    const facet = new Proxy({ count } as Record<string, unknown>, {
      get(target, key) {
        lookups.set(key, (lookups.get(key) ?? 0) + 1)
        return target[key as string]
      },
    })
    return { facet, lookups: (key) => lookups.get(key) ?? 0 }
  }

  it('calls the bound host with no check per call when taken off its class, or called on another object', () => {
    const { facet, lookups } = countedQuery(() => 1)
    bindRuntime(tinyRuntime('counted-host', 'dynamic', { query: facet as never }))
    const atBind = lookups('count')
    const { count } = SimpleQuery
    for (let i = 0; i < 10; i++) {
      expect(count('Order')).toBe(1)
      expect(Reflect.apply(SimpleQuery.count, {}, ['Order'])).toBe(1)
    }
    // One lookup per call: the call's own.
    expect(lookups('count')).toBe(atBind + 20)
  })

  it('links a member the runtime deprecates after its first call, on the class as off it', () => {
    const calls: unknown[][] = []
    const async = platformAsync(calls)
    const lookups = new Map<PropertyKey, number>()
    const counted = new Proxy(async, {
      get(target, key) {
        lookups.set(key, (lookups.get(key) ?? 0) + 1)
        return target[key as string]
      },
    })
    bindRuntime(tinyRuntime('deprecating-host', 'dynamic', { async: counted as never }))
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
    try {
      // task(Runnable) is deprecated at runtime: its first call is checked and warns, the later ones are not.
      AsyncHelper.task(() => undefined)
      const afterFirst = lookups.get('task') ?? 0
      const { task } = AsyncHelper
      for (let i = 0; i < 5; i++) {
        AsyncHelper.task(() => undefined)
        task(() => undefined)
      }
      expect(lookups.get('task')).toBe(afterFirst + 10)
      expect(calls).toHaveLength(11)
      expect(emitWarning).toHaveBeenCalledTimes(1)
    } finally {
      emitWarning.mockRestore()
    }
  })

  it("gives its class the binding's record on its first call, a new one at each binding, none once unbound", async () => {
    vi.resetModules()
    const copy: typeof Api = await import('../../src/index.js')
    const { LINKED } = await import('../../src/runtime-contract/dispatch.js')
    const held = (): unknown => (copy.SimpleQuery as unknown as Record<symbol, unknown>)[LINKED]
    const first = { count: () => 1 }
    bindRuntime(tinyRuntime('first-host', 'dynamic', { query: first }))
    expect(held()).toBeUndefined()
    expect(copy.SimpleQuery.count('Order')).toBe(1)
    const record = held() as Record<string, unknown>
    expect(record['countName']).toBe(first)
    const second = { count: () => 2 }
    bindRuntime(tinyRuntime('second-host', 'dynamic', { query: second }), { replace: true })
    expect(held()).not.toBe(record)
    expect((held() as Record<string, unknown>)['countName']).toBe(second)
    expect(copy.SimpleQuery.count('Order')).toBe(2)
    unbindRuntime()
    expect(held()).toBeUndefined()
    expect(Object.getOwnPropertyDescriptor(copy.SimpleQuery, LINKED)?.enumerable).toBe(false)
  })

  it('calls the runtime bound now after its class was frozen, before the first binding or after it', async () => {
    vi.resetModules()
    const copy: typeof Api = await import('../../src/index.js')
    const created: string[] = []
    const host = (name: string, answer: number): VendorRuntime =>
      tinyRuntime(name, 'dynamic', {
        query: { count: () => answer },
        domain: { createDomain: () => void created.push(name) },
      })
    Object.freeze(copy.DomainHelper)
    bindRuntime(host('first-host', 1))
    expect(copy.SimpleQuery.count('Order')).toBe(1)
    copy.DomainHelper.createDomain({ name: 'a' })
    Object.freeze(copy.SimpleQuery)
    unbindRuntime()
    expect(() => copy.SimpleQuery.count('Order')).toThrow(IllegalStateException)
    bindRuntime(host('second-host', 2))
    expect(copy.SimpleQuery.count('Order')).toBe(2)
    copy.DomainHelper.createDomain({ name: 'b' })
    expect(created).toEqual(['first-host', 'second-host'])
  })

  it("calls nothing that is unbound through an object its class's properties were copied to", () => {
    bindRuntime(tinyRuntime('first-host', 'dynamic', { query: { count: () => 1 } }))
    expect(SimpleQuery.count('Order')).toBe(1)
    const hoisted = Object.defineProperties(
      {},
      Object.getOwnPropertyDescriptors(SimpleQuery),
    ) as typeof SimpleQuery
    unbindRuntime()
    expect(() => hoisted.count('Order')).toThrow(IllegalStateException)
    bindRuntime(tinyRuntime('second-host', 'dynamic', { query: { count: () => 2 } }))
    expect(hoisted.count('Order')).toBe(2)
  })

  it('keeps no runtime alive when its class was frozen after its first call', async () => {
    vi.resetModules()
    const copy: typeof Api = await import('../../src/index.js')
    let runtime: WeakRef<VendorRuntime> | undefined
    ;(() => {
      const bound = tinyRuntime('passing-host', 'dynamic', { query: { count: () => 1 } })
      runtime = new WeakRef(bound)
      bindRuntime(bound)
      expect(copy.SimpleQuery.count('Order')).toBe(1)
      Object.freeze(copy.SimpleQuery)
      unbindRuntime()
    })()
    // A weak reference made in this job holds its target until the job ends.
    await new Promise((resolve) => setTimeout(resolve, 0))
    collectGarbage()
    expect(runtime?.deref()).toBeUndefined()
  })

  it('calls a deprecated member the first time although someone froze the record its class holds', async () => {
    vi.resetModules()
    const copy: typeof Api = await import('../../src/index.js')
    const { LINKED } = await import('../../src/runtime-contract/dispatch.js')
    const calls: unknown[][] = []
    bindRuntime(
      tinyRuntime('freezing-host', 'dynamic', {
        query: { count: () => 1 },
        async: platformAsync(calls) as never,
      }),
    )
    copy.SimpleQuery.count('Order')
    Object.freeze((copy.SimpleQuery as unknown as Record<symbol, object>)[LINKED])
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
    try {
      copy.AsyncHelper.task(() => undefined)
      copy.AsyncHelper.task(() => undefined)
      expect(calls).toHaveLength(2)
      expect(emitWarning).toHaveBeenCalledTimes(1)
    } finally {
      emitWarning.mockRestore()
    }
  })

  it('keeps no runtime alive once it is unbound', async () => {
    let runtime: WeakRef<VendorRuntime> | undefined
    ;(() => {
      const bound = tinyRuntime('passing-host', 'dynamic', {
        query: { count: () => 1 },
        domain: { createDomain: () => undefined },
      })
      runtime = new WeakRef(bound)
      bindRuntime(bound)
      expect(SimpleQuery.count('Order')).toBe(1)
      DomainHelper.createDomain({ name: 'a' })
      unbindRuntime()
    })()
    // A weak reference made in this job holds its target until the job ends.
    await new Promise((resolve) => setTimeout(resolve, 0))
    collectGarbage()
    expect(runtime?.deref()).toBeUndefined()
  })
})

/** A facet that throws when a member it does not have is read, as a strict mock does. */
function strict(target: Record<string, unknown>): object {
  return new Proxy(target, {
    get(t, key) {
      if (typeof key === 'string' && !(key in t)) throw new Error(`strict facet: no ${key}`)
      return t[key as string]
    },
  })
}

describe('the runtime a binding read', () => {
  it('is not read again when a call fails for a missing member', () => {
    const { runtime, reads } = runtimeWithSwappableQuery('dynamic', { query: { count: () => 1 } })
    bindRuntime(runtime)
    expect(() => SimpleQuery.getAll('Order')).toThrow(MissingMethodException)
    expect(reads()).toBe(1)
  })

  it('is not read again when the same runtime is bound again', () => {
    const { runtime, reads } = runtimeWithSwappableQuery('dynamic', { query: { count: () => 1 } })
    bindRuntime(runtime)
    bindRuntime(runtime)
    expect(reads()).toBe(1)
  })

  it("gives 'Possible solutions' from the facets it bound, not from one handed out later", () => {
    const current = { async: {} as object }
    const runtime = tinyRuntime('swapping-host', 'dynamic')
    Object.defineProperty(runtime, 'async', { get: () => current.async, enumerable: true })
    bindRuntime(runtime)
    current.async = platformAsync()
    expect(() => AsyncHelper.task(() => undefined)).toThrow(MissingMethodException)
    expect(() => AsyncHelper.task(true, () => undefined)).toThrow(MissingMethodException)
    expect(() => AsyncHelper.task(true, () => undefined)).not.toThrow(/Possible solutions/)
  })

  it('binds a facet that throws when a member it lacks is read; calling that member fails as missing', () => {
    bindRuntime(tinyRuntime('strict-host', 'dynamic', { query: strict({ count: () => 1 }) as never }))
    expect(SimpleQuery.count('Order')).toBe(1)
    expect(() => SimpleQuery.getAll('Order')).toThrow(MissingMethodException)
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

  it('a copy is told of the binding as long as it is alive, and dropped once it is not', async () => {
    const told: (string | undefined)[] = []
    // As a copy registers, with a record that nothing else holds: the slot holds it weakly, and the relinker
    // no longer than the record.
    registerCopy({}, (binding) => () => told.push(binding?.runtime.description.name))
    expect(told).toEqual([undefined])
    bindRuntime(tinyRuntime('first-host', 'dynamic'))
    unbindRuntime()
    expect(told).toEqual([undefined, 'first-host', undefined])
    // A weak reference made in this job holds its target until the job ends.
    await new Promise((resolve) => setTimeout(resolve, 0))
    collectGarbage()
    bindRuntime(tinyRuntime('second-host', 'dynamic'))
    expect(told).toEqual([undefined, 'first-host', undefined])
  })

  it('a copy loaded while a strict facet is bound loads, and links what the facet has', async () => {
    const runtime = tinyRuntime('strict-host', 'dynamic', { query: strict({ count: () => 1 }) as never })
    bindRuntime(runtime)
    vi.resetModules()
    const copy: typeof Api = await import('../../src/index.js')
    expect(copy.SimpleQuery.count('Order')).toBe(1)
    expect(() => copy.SimpleQuery.getAll('Order')).toThrow(MissingMethodException)
  })

  it('a copy of the package that nothing holds any more is collected, and the slot forgets it', async () => {
    const records = (globalThis as unknown as Record<symbol, Slot>)[SLOT_KEY]?.copies?.records
    vi.resetModules()
    const copy = new WeakRef((await import('../../src/runtime-contract/dispatch.js')).linked)
    expect([...(records ?? [])].some((ref) => ref.deref() === copy.deref())).toBe(true)
    // Dropped from the module cache, the copy is held by nothing but the slot's weak reference.
    vi.resetModules()
    await new Promise((resolve) => setTimeout(resolve, 0))
    collectGarbage()
    expect(copy.deref()).toBeUndefined()
    bindRuntime(tinyRuntime('pruning-host', 'dynamic'))
    expect([...(records ?? [])].every((ref) => ref.deref() !== undefined)).toBe(true)
  })

  it('a binding made by a copy that predates the facet snapshot still serves every call', () => {
    const runtime = tinyRuntime('older-copy-host', 'dynamic', { query: { count: () => 2 } })
    // As a copy of the package without the snapshot binds: the binding has only the runtime and the warnings.
    const slot = (globalThis as unknown as Record<symbol, Slot>)[SLOT_KEY] as Slot
    slot.binding = { runtime, warned: new Set() }
    expect(SimpleQuery.count('Order')).toBe(2)
    expect(SimpleQuery.count('Order')).toBe(2)
    expect(() => SimpleQuery.getAll('Order')).toThrow(MissingMethodException)
  })

  it('a slot an older copy made is taken over: its binding serves, and its direct assignments are seen', () => {
    // In a child process, whose globalThis holds the older copy's slot before this package is loaded.
    const child = runModuleScript([
      "const key = Symbol.for('@tech-vendor/api/runtime-contract@1')",
      "const description = (name) => ({ name, platformVersion: '1.0.0-beta18', libraryLine: '0.0.5', linkage: 'dynamic' })",
      "const older = { description: description('older-host'), query: { count: () => 7 } }",
      'const slot = { contractMajor: 1, binding: { runtime: older, warned: new Set() } }',
      'Object.defineProperty(globalThis, key, { value: slot })',
      "const { SimpleQuery } = await import('./src/index.ts')",
      "const { bindRuntime } = await import('./src/runtime-contract/index.ts')",
      "const seen = [SimpleQuery.count('Order')]",
      'slot.binding = undefined',
      "bindRuntime({ description: description('newer-host'), query: { count: () => 8 } })",
      "seen.push(SimpleQuery.count('Order'))",
      'slot.binding = undefined',
      "try { seen.push(SimpleQuery.count('Order')) } catch (error) { seen.push(error.name) }",
      'console.log(JSON.stringify(seen))',
    ])
    expect(child.stderr).toBe('')
    expect(JSON.parse(child.stdout)).toEqual([7, 8, 'IllegalStateException'])
  })

  it('a copy that assigns the binding directly, as an older one does, is seen by the facades at once', () => {
    const slot = (globalThis as unknown as Record<symbol, Slot>)[SLOT_KEY] as Slot
    const binding = bindRuntime(tinyRuntime('linked-host', 'dynamic', { query: { count: () => 3 } }))
    expect(SimpleQuery.count('Order')).toBe(3)
    const other = tinyRuntime('replacing-host', 'dynamic', { query: { count: () => 4 } })
    slot.binding = { runtime: other, warned: new Set(), facets: { query: other.query } }
    expect(SimpleQuery.count('Order')).toBe(4)
    slot.binding = undefined
    expect(() => SimpleQuery.count('Order')).toThrow(IllegalStateException)
    binding.unbind()
  })
})

describe('host code that runs while the binding changes', () => {
  /** A query facet whose `getAll` getter runs `action` the first time it is read. */
  function queryFacet(answer: string, action: () => void): object {
    let armed = true
    const facet = { count: () => answer }
    Object.defineProperty(facet, 'getAll', {
      get() {
        if (armed) {
          armed = false
          action()
        }
        return () => [answer]
      },
      enumerable: true,
    })
    return facet
  }

  it('binds or unbinds in turn: the assignment that completes last stands, and the facades call it', () => {
    const other = tinyRuntime('other-host', 'dynamic', { query: { count: () => 'other' } })
    const runtime = tinyRuntime('reentrant-host', 'dynamic', {
      query: queryFacet('reentrant', () => bindRuntime(other, { replace: true })) as never,
    })
    bindRuntime(runtime)
    expect(currentRuntime()).toBe(runtime)
    expect(SimpleQuery.count('Order')).toBe('reentrant')
    unbindRuntime()

    const previous = tinyRuntime('previous-host', 'dynamic', { query: { count: () => 'previous' } })
    bindRuntime(previous)
    const unbinding = tinyRuntime('unbinding-host', 'dynamic', {
      query: queryFacet('unbinding', () => unbindRuntime()) as never,
    })
    bindRuntime(unbinding, { replace: true })
    expect(currentRuntime()).toBe(unbinding)
    expect(SimpleQuery.count('Order')).toBe('unbinding')
  })

  it('a copy that throws while it reads a new binding changes nothing: every copy keeps the bound runtime', async () => {
    bindRuntime(tinyRuntime('kept-host', 'dynamic', { query: { count: () => 'kept' } }))
    vi.resetModules()
    const copy: typeof Api = await import('../../src/index.js')
    const refused = tinyRuntime('refused-host', 'dynamic', { query: { count: () => 'refused' } })
    // A copy of another version whose reading fails on this runtime; the test holds its record.
    const record = {}
    registerCopy(record, (binding) => {
      if (binding?.runtime === refused) throw new Error('this copy cannot read the binding')
      return () => undefined
    })
    expect(() => bindRuntime(refused, { replace: true })).toThrow('this copy cannot read the binding')
    expect(currentRuntime()?.description.name).toBe('kept-host')
    expect(SimpleQuery.count('Order')).toBe('kept')
    expect(copy.SimpleQuery.count('Order')).toBe('kept')
    expect(record).toEqual({})
  })

  it('unbinds during a checked call: the member is not linked to the runtime that is gone', () => {
    const async = platformAsync()
    let unbindOnRead = false
    const task = async['task']
    Object.defineProperty(async, 'task', {
      get() {
        if (unbindOnRead) {
          unbindOnRead = false
          unbindRuntime()
        }
        return task
      },
    })
    bindRuntime(tinyRuntime('leaving-host', 'dynamic', { async: async as never }))
    // task is deprecated at runtime, so its first call takes the checked path, which reads the member again.
    unbindOnRead = true
    AsyncHelper.task(() => undefined)
    expect(currentRuntime()).toBeUndefined()
    expect(() => AsyncHelper.task(() => undefined)).toThrow(IllegalStateException)
  })
})
