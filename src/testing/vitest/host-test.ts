import { test, type TestAPI } from 'vitest'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import { createTestHost } from '../host/create-test-host.js'
import type { TestHostOptions } from '../host/test-host-options.js'
import type { TestHost } from '../host/test-host.js'

/**
 * The fixtures {@link hostTest} adds to each test.
 *
 * @example
 * ```ts
 * import type { HostFixtures } from '@tech-vendor/api/testing/vitest'
 *
 * function tenantOf({ host }: HostFixtures): string {
 *   return host.current().tenant
 * }
 * ```
 */
export interface HostFixtures {
  /** The test's own reference host, installed before the test runs and uninstalled after it. */
  readonly host: TestHost
}

/**
 * A vitest `test` whose every test runs on a reference host of its own: made from `options`, installed before
 * the test and uninstalled after it (which cancels what it scheduled), so that nothing of one test reaches the
 * next. A test fails when errors of asynchronous tasks are left in `host.errors` at its end: take the ones it
 * expects with `host.takeErrors()`. Runtime deprecation warnings are emitted once per member for the whole
 * process, not once per test.
 *
 * @param options - The host's options, or a function that makes them for each test.
 * @returns A vitest `test` with the `host` fixture (also `describe`-able, `.each`, `.skip`, as vitest's own).
 * @throws `IllegalArgumentException` when `options` is neither an object nor a function.
 * @example
 * ```ts
 * import { expect } from 'vitest'
 * import { AsyncHelper, SimpleQuery } from '@tech-vendor/api'
 * import { hostTest } from '@tech-vendor/api/testing/vitest'
 *
 * const test = hostTest({ domains: { Tag: { fields: { name: 'STRING' } } } })
 *
 * test('starts empty', () => {
 *   expect(SimpleQuery.count('Tag')).toBe(0)
 * })
 *
 * test('a failing task is reported', async ({ host }) => {
 *   AsyncHelper.task(() => {
 *     throw new Error('boom')
 *   })
 *   await host.whenIdle()
 *   expect(host.takeErrors()).toEqual([new Error('boom')])
 * })
 * ```
 */
export function hostTest(options: TestHostOptions | (() => TestHostOptions)): TestAPI<HostFixtures> {
  if (typeof options !== 'function' && (typeof options !== 'object' || options === null)) {
    throw new IllegalArgumentException(
      'hostTest expects the host options, or a function that makes them, such as hostTest({ domains: { ... } }).',
    )
  }
  return test.extend<HostFixtures>({
    host: [
      // vitest reads the fixtures a fixture needs from its first parameter's destructuring: none here.
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const given = typeof options === 'function' ? options() : options
        const host = createTestHost({ deprecationWarnings: 'per-process', ...given }).install()
        const handle = releasableHandle(host)
        try {
          await use(handle.host)
        } finally {
          host.uninstall()
          // vitest keeps every test's context until the file ends: the handle it keeps must not keep the host.
          handle.release()
        }
        const left = host.takeErrors()
        if (left.length > 0) throw new UntakenTaskErrors(left)
      },
      { auto: true },
    ],
  })
}

/**
 * A stand-in for `host` that forwards to it until `release()`, then refuses with a clear error, so that what
 * holds the stand-in after the test (the test's context) does not hold the host and its data.
 */
function releasableHandle(host: TestHost): { readonly host: TestHost; release(): void } {
  let target: TestHost | undefined = host
  const bound = new Map<PropertyKey, unknown>()
  const live = (): TestHost => {
    if (target !== undefined) return target
    throw new IllegalStateException(
      "This test's host is gone: hostTest uninstalls it when the test ends. Use the host inside the test that got it.",
    )
  }
  const stand: TestHost = new Proxy({} as TestHost, {
    get(_stand, key) {
      const real = live()
      const value = Reflect.get(real, key, real) as unknown
      if (typeof value !== 'function') return value
      // Methods run on the host itself (its private state is not the stand-in's); one that returns the host
      // (install) returns the stand-in, so that nothing keeps the host past the test.
      let method = bound.get(key)
      if (method === undefined) {
        const fn = value as (...a: unknown[]) => unknown
        method = (...args: unknown[]) => {
          const result = fn.apply(live(), args)
          return result === target ? stand : result
        }
        bound.set(key, method)
      }
      return method
    },
    set: (_stand, key, value) => Reflect.set(live(), key, value),
    has: (_stand, key) => Reflect.has(live(), key),
    ownKeys: () => Reflect.ownKeys(live()),
    getOwnPropertyDescriptor: (_stand, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(live(), key)
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true }
    },
  })
  return {
    host: stand,
    release: () => {
      target = undefined
      bound.clear()
    },
  }
}

/**
 * What fails a {@link hostTest} test that left errors of asynchronous tasks behind: its message says how many
 * and what to do, `errors` holds them all and `cause` the first (a plain `Error`, since test reporters show an
 * `AggregateError` as its parts and drop its message).
 */
class UntakenTaskErrors extends Error {
  readonly errors: readonly unknown[]

  constructor(errors: readonly unknown[]) {
    const first = errors[0]
    super(
      `${errors.length} error${errors.length === 1 ? '' : 's'} of asynchronous tasks ${errors.length === 1 ? 'was' : 'were'} ` +
        `left in host.errors at the end of the test (the first: ${first instanceof Error ? `${first.name}: ${first.message}` : String(first)}). ` +
        'If the test expects them, take them with host.takeErrors() and assert on them.',
      { cause: first },
    )
    this.name = 'UntakenTaskErrors'
    this.errors = errors
  }
}
