import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { AsyncHelper } from '../../src/index.js'
import { bindRuntime, currentRuntime, unbindRuntime } from '../../src/runtime-contract/index.js'
import { platformAsync, tinyRuntime } from './runtimes.js'

let emitWarning: MockInstance<typeof process.emitWarning>

/** The deprecation warnings emitted so far, as `[message, type, code]`. */
function deprecations(): [string, string, string][] {
  return emitWarning.mock.calls
    .map(
      ([message, options]) =>
        [String(message), options as unknown as { type?: string; code?: string }] as const,
    )
    .filter(([, options]) => typeof options === 'object' && options.type === 'DeprecationWarning')
    .map(([message, options]) => [message, options.type ?? '', options.code ?? ''])
}

function useAsyncHelper(): void {
  AsyncHelper.task(() => undefined)
  AsyncHelper.task(() => undefined)
  AsyncHelper.scheduleAtFixRate(1000, () => undefined).run()
  AsyncHelper.scheduleAtFixRate(1000, () => undefined, true).run()
}

beforeEach(() => {
  emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
})

afterEach(() => {
  unbindRuntime()
  vi.restoreAllMocks()
})

describe('runtime deprecation warnings', () => {
  it('one DeprecationWarning per member per binding, however often and through whichever overload it is called', () => {
    bindRuntime(tinyRuntime('warning-host', 'dynamic', { async: platformAsync() }))
    useAsyncHelper()
    useAsyncHelper()
    const warnings = deprecations()
    expect(warnings).toHaveLength(2)
    expect(warnings.map(([message]) => message.split(' ')[0])).toEqual([
      'AsyncHelper.task',
      'AsyncHelper.scheduleAtFixRate',
    ])
    expect(warnings.map(([, , code]) => code)).toEqual([
      'TECH_VENDOR_API_ASYNCHELPER_TASK',
      'TECH_VENDOR_API_ASYNCHELPER_SCHEDULEATFIXRATE',
    ])
  })

  it('the warning names the platform version and says why the member is deprecated', () => {
    bindRuntime(tinyRuntime('warning-host', 'dynamic', { async: platformAsync() }))
    AsyncHelper.task(() => undefined)
    const [[message]] = deprecations() as [[string, string, string]]
    expect(message).toContain('deprecated at runtime (platform 1.0.0-beta18)')
    expect(message).toContain('not the logged-in user')
  })

  it('warns again after a rebind, once for each host it binds', () => {
    const host = tinyRuntime('rebinding-host', 'dynamic', { async: platformAsync() })
    bindRuntime(host)
    useAsyncHelper()
    unbindRuntime()
    bindRuntime(host)
    useAsyncHelper()
    bindRuntime(tinyRuntime('replacing-host', 'dynamic', { async: platformAsync() }), { replace: true })
    useAsyncHelper()
    expect(deprecations()).toHaveLength(6)
  })

  it("with deprecationWarnings: 'per-process', each member warns once for the whole process, whatever binds", () => {
    for (const name of ['first-host', 'second-host', 'third-host']) {
      bindRuntime(tinyRuntime(name, 'dynamic', { async: platformAsync() }), {
        deprecationWarnings: 'per-process',
      })
      useAsyncHelper()
      unbindRuntime()
    }
    expect(deprecations().map(([message]) => message.split(' ')[0])).toEqual([
      'AsyncHelper.task',
      'AsyncHelper.scheduleAtFixRate',
    ])
  })

  it('an unknown deprecationWarnings option is refused, and nothing is bound', () => {
    const runtime = tinyRuntime('odd-host', 'dynamic', { async: platformAsync() })
    expect(() => bindRuntime(runtime, { deprecationWarnings: 'never' as never })).toThrow(
      /deprecationWarnings must be 'per-binding' or 'per-process', got "never"/,
    )
    expect(currentRuntime()).toBeUndefined()
  })

  it('the warning fits on one line of a test report', () => {
    bindRuntime(tinyRuntime('warning-host', 'dynamic', { async: platformAsync() }))
    useAsyncHelper()
    for (const [message] of deprecations()) expect(message.length).toBeLessThanOrEqual(180)
  })

  it('a call that fails to link warns of nothing', () => {
    bindRuntime(tinyRuntime('static-host', 'static', { async: platformAsync() }))
    expect(() => AsyncHelper.task(() => undefined)).toThrow()
    expect(deprecations()).toEqual([])
    AsyncHelper.scheduleAtFixRate(10, () => undefined).run()
    expect(deprecations()).toHaveLength(1)
  })

  it('members the runtime does not deprecate warn of nothing', () => {
    bindRuntime(
      tinyRuntime('pool-host', 'dynamic', { async: { ...platformAsync(), newForkJoinPool: () => ({}) } }),
    )
    AsyncHelper.newForkJoinPool(2)
    expect(deprecations()).toEqual([])
  })

  it('an unbound call warns of nothing', () => {
    expect(() => AsyncHelper.task(() => undefined)).toThrow()
    expect(deprecations()).toEqual([])
  })
})
