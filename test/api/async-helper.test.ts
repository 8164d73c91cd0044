import { describe, expect, it } from 'vitest'
import { AsyncHelper, IllegalArgumentException, IllegalStateException } from '../../src/index.js'
import { bindTinyRuntime, unbindAfterEach } from './tiny-runtime.js'

unbindAfterEach()

/** The root facade as dynamic code sees it: with the runtime's members that 0.0.5 does not declare. */
const dynamicAsyncHelper = AsyncHelper as unknown as {
  supplyAsync<T>(supplier: unknown): Promise<T>
}

describe("the 0.0.5 AsyncHelper and the runtime's supplyAsync", () => {
  it('carries supplyAsync at run time although 0.0.5 does not declare it', () => {
    const descriptor = Object.getOwnPropertyDescriptor(AsyncHelper, 'supplyAsync')
    expect(typeof descriptor?.value).toBe('function')
    expect(descriptor?.enumerable).toBe(false)
  })

  it('throws IllegalStateException naming the member while no runtime is bound', () => {
    expect(() => dynamicAsyncHelper.supplyAsync(() => 1)).toThrow(IllegalStateException)
    expect(() => dynamicAsyncHelper.supplyAsync(() => 1)).toThrow(/AsyncHelper\.supplyAsync\(Supplier\)/)
  })

  it('reaches the host with a plain function for either Supplier form and settles with the result', async () => {
    const received: unknown[] = []
    bindTinyRuntime({
      async: {
        supplyAsync: <T>(supplier: () => T | PromiseLike<T>) => {
          received.push(supplier)
          return Promise.resolve(supplier())
        },
      },
    })
    const fn = () => 6 * 7
    await expect(dynamicAsyncHelper.supplyAsync(fn)).resolves.toBe(42)
    await expect(dynamicAsyncHelper.supplyAsync({ get: () => 'from get()' })).resolves.toBe('from get()')
    expect(received[0]).toBe(fn)
    expect(typeof received[1]).toBe('function')
  })

  it('rejects a value that is not a Supplier with IllegalArgumentException, before reaching the host', () => {
    let called = false
    bindTinyRuntime({ async: { supplyAsync: () => ((called = true), Promise.resolve(undefined as never)) } })
    expect(() => dynamicAsyncHelper.supplyAsync(42)).toThrow(IllegalArgumentException)
    expect(() => dynamicAsyncHelper.supplyAsync({ run: () => 1 })).toThrow(
      /a function, or an object with a get\(\) method/,
    )
    expect(called).toBe(false)
  })
})
