import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AsyncHelper } from '../../src/index.js'
import {
  IllegalArgumentException,
  IllegalStateException,
  bindRuntime,
  currentRuntime,
  unbindRuntime,
  type VendorRuntime,
} from '../../src/runtime-contract/index.js'
import { platformAsync, tinyRuntime } from './runtimes.js'

const SLOT = Symbol.for('@tech-vendor/api/runtime-contract@1')

beforeEach(() => {
  // AsyncHelper is deprecated at runtime; deprecation.test.ts holds the warnings, here they are only noise.
  vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
})

afterEach(() => {
  unbindRuntime()
  vi.restoreAllMocks()
})

describe('the registry slot', () => {
  it('lives on globalThis under a Symbol.for key naming the package and the contract major', () => {
    const runtime = tinyRuntime('slot-host', 'dynamic')
    bindRuntime(runtime)
    const slot = (
      globalThis as unknown as Record<symbol, { contractMajor: number; binding?: { runtime: unknown } }>
    )[SLOT]
    expect(slot).toBeDefined()
    expect(slot?.contractMajor).toBe(1)
    expect(slot?.binding?.runtime).toBe(runtime)
  })

  it('can be neither replaced nor deleted, so every copy of the package keeps seeing the same binding', () => {
    const runtime = tinyRuntime('sticky-host', 'dynamic')
    bindRuntime(runtime)
    const global = globalThis as unknown as Record<symbol, unknown>
    expect(() => {
      global[SLOT] = { contractMajor: 1, binding: undefined }
    }).toThrow(TypeError)
    expect(() => delete global[SLOT]).toThrow(TypeError)
    expect(currentRuntime()).toBe(runtime)
  })

  it('is not enumerable, so it stays out of the way of code that walks globalThis', () => {
    bindRuntime(tinyRuntime('slot-host', 'dynamic'))
    expect(Object.getOwnPropertySymbols(globalThis)).toContain(SLOT)
    expect(Object.getOwnPropertyDescriptor(globalThis, SLOT)?.enumerable).toBe(false)
  })
})

describe('bindRuntime', () => {
  it('makes the runtime the current one and routes facade calls to it', () => {
    const calls: unknown[][] = []
    const runtime = tinyRuntime('routing-host', 'dynamic', { async: platformAsync(calls) })
    expect(currentRuntime()).toBeUndefined()
    const binding = bindRuntime(runtime)
    expect(binding.runtime).toBe(runtime)
    expect(currentRuntime()).toBe(runtime)
    const task = (): void => undefined
    AsyncHelper.task(task)
    expect(calls).toEqual([['task', task]])
  })

  it('refuses a second binding with a message that names both hosts', () => {
    bindRuntime(tinyRuntime('first-host', 'dynamic'))
    const second = tinyRuntime('second-host', 'static')
    let caught: unknown
    try {
      bindRuntime(second)
    } catch (error) {
      caught = error
    }
    expect(IllegalStateException.is(caught)).toBe(true)
    const message = (caught as Error).message
    expect(message).toContain("'first-host'")
    expect(message).toContain("'second-host'")
    expect(message).toMatch(/unbindRuntime\(\)/)
    expect(message).toMatch(/replace: true/)
    expect(currentRuntime()?.description.name).toBe('first-host')
  })

  it('binding the same runtime again is not a second binding', () => {
    const runtime = tinyRuntime('same-host', 'dynamic')
    bindRuntime(runtime)
    expect(() => bindRuntime(runtime)).not.toThrow()
    expect(currentRuntime()).toBe(runtime)
  })

  it('replaces the bound runtime when asked to', () => {
    bindRuntime(tinyRuntime('old-host', 'dynamic'))
    const next = tinyRuntime('new-host', 'dynamic')
    bindRuntime(next, { replace: true })
    expect(currentRuntime()).toBe(next)
  })

  it('refuses an invalid runtime with an IllegalArgumentException listing every problem', () => {
    const invalid = {
      description: { name: '', platformVersion: 7, libraryLine: '2.0.0', linkage: 'late' },
      async: 'not an object',
      query: null,
    }
    let caught: unknown
    try {
      bindRuntime(invalid as unknown as VendorRuntime)
    } catch (error) {
      caught = error
    }
    expect(IllegalArgumentException.is(caught)).toBe(true)
    const message = (caught as Error).message
    expect(message).toContain('description.name')
    expect(message).toContain('description.platformVersion')
    expect(message).toContain("description.libraryLine must be '0.0.5' or '1.0.0', got \"2.0.0\"")
    expect(message).toContain("description.linkage must be 'dynamic' or 'static', got \"late\"")
    expect(message).toContain('async must be an object of methods when given, got string')
    expect(message).toContain('query must be an object of methods when given, got null')
    expect(message.split('\n  - ')).toHaveLength(7)
    expect(currentRuntime()).toBeUndefined()
  })

  it('refuses a runtime without a description, and a value that is not an object at all', () => {
    expect(() => bindRuntime({} as VendorRuntime)).toThrow(/description is missing/)
    expect(() => bindRuntime(null as unknown as VendorRuntime)).toThrow(IllegalArgumentException)
    expect(() => bindRuntime('host' as unknown as VendorRuntime)).toThrow(/got string/)
    expect(currentRuntime()).toBeUndefined()
  })
})

describe('unbinding', () => {
  it('unbindRuntime restores the unbound state, in which facades throw IllegalStateException again', () => {
    bindRuntime(tinyRuntime('leaving-host', 'dynamic', { async: platformAsync() }))
    expect(() => AsyncHelper.task(() => undefined)).not.toThrow()
    expect(unbindRuntime()).toBe(true)
    expect(currentRuntime()).toBeUndefined()
    expect(() => AsyncHelper.task(() => undefined)).toThrow(IllegalStateException)
    expect(unbindRuntime()).toBe(false)
  })

  it('unbindRuntime(runtime) only unbinds that runtime', () => {
    const bound = tinyRuntime('bound-host', 'dynamic')
    bindRuntime(bound)
    expect(unbindRuntime(tinyRuntime('other-host', 'dynamic'))).toBe(false)
    expect(currentRuntime()).toBe(bound)
    expect(unbindRuntime(bound)).toBe(true)
    expect(currentRuntime()).toBeUndefined()
  })

  it('binding.unbind() does nothing once another runtime replaced it', () => {
    const first = bindRuntime(tinyRuntime('first-host', 'dynamic'))
    const replacement = tinyRuntime('replacement-host', 'dynamic')
    bindRuntime(replacement, { replace: true })
    first.unbind()
    expect(currentRuntime()).toBe(replacement)
  })

  it('binding.unbind() from an earlier binding of the same runtime does not unbind a later one', () => {
    const runtime = tinyRuntime('rebound-host', 'dynamic')
    const earlier = bindRuntime(runtime)
    earlier.unbind()
    const later = bindRuntime(runtime)
    earlier.unbind()
    expect(currentRuntime()).toBe(runtime)
    // Binding the bound runtime again gives a handle on the same binding: either unbinds it.
    bindRuntime(runtime).unbind()
    expect(currentRuntime()).toBeUndefined()
    later.unbind()
  })

  it('`using` unbinds at the end of the block', () => {
    const runtime = tinyRuntime('scoped-host', 'dynamic')
    {
      using binding = bindRuntime(runtime)
      expect(binding.runtime).toBe(runtime)
      expect(currentRuntime()).toBe(runtime)
    }
    expect(currentRuntime()).toBeUndefined()
  })

  it('`using` unbinds when the block throws', () => {
    expect(() => {
      using _binding = bindRuntime(tinyRuntime('throwing-host', 'dynamic'))
      throw new Error('plugin failed')
    }).toThrow('plugin failed')
    expect(currentRuntime()).toBeUndefined()
  })
})
