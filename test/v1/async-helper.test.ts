import { afterEach, describe, expect, it } from 'vitest'
import { AsyncHelper as AsyncHelper005 } from '../../src/index.js'
import { unbindRuntime } from '../../src/runtime-contract/index.js'
import {
  AsyncHelper,
  IllegalArgumentException,
  IllegalStateException,
  NoSuchMethodError,
} from '../../src/v1/index.js'
import { bindTinyRuntime } from './tiny-runtime.js'

afterEach(() => {
  unbindRuntime()
})

const LINKAGES = ['dynamic', 'static'] as const

describe('v1 AsyncHelper without a runtime', () => {
  it.each([
    ['AsyncHelper.task(Runnable) [1.0.0]', () => AsyncHelper.task(() => {})],
    ['AsyncHelper.task(String, Runnable)', () => AsyncHelper.task('worker', () => {})],
    ['AsyncHelper.supplyAsync(Supplier)', () => AsyncHelper.supplyAsync(() => 1)],
    ['AsyncHelper.scheduleAtFixRate(long, Runnable)', () => AsyncHelper.scheduleAtFixRate(1000, () => {})],
    [
      'AsyncHelper.scheduleAtFixRate(long, Runnable, boolean)',
      () => AsyncHelper.scheduleAtFixRate(1000, () => {}, true),
    ],
  ])('%s throws IllegalStateException naming itself', (id, call) => {
    expect(call).toThrow(IllegalStateException)
    expect(call).toThrow(`${id} is not available: no runtime is bound`)
  })

  it('reports the missing binding before checking the arguments', () => {
    expect(() => AsyncHelper.task(42 as never)).toThrow(IllegalStateException)
    expect(() => AsyncHelper.supplyAsync('not a supplier' as never)).toThrow(IllegalStateException)
  })
})

describe.each(LINKAGES)('v1 AsyncHelper on a %s runtime', (linkage) => {
  it('task(runnable) links and returns the host Thread', () => {
    const { calls, thread } = bindTinyRuntime(linkage)
    let ran = 0
    expect(AsyncHelper.task({ run: () => void ran++ })).toBe(thread)
    const [[member, task]] = calls as [[string, () => void]]
    expect(member).toBe('task')
    task()
    expect(ran).toBe(1)
  })

  it('task(threadName, runnable) reaches the host with the name', () => {
    const { calls } = bindTinyRuntime(linkage)
    const runnable = () => {}
    const thread = AsyncHelper.task('invoice-export', runnable)
    expect(thread.getName()).toBe('invoice-export')
    expect(calls).toEqual([['taskNamed', 'invoice-export', runnable]])
  })

  it('supplyAsync(supplier) reaches the host and settles with the result', async () => {
    const { calls } = bindTinyRuntime(linkage)
    await expect(AsyncHelper.supplyAsync(() => 6 * 7)).resolves.toBe(42)
    await expect(AsyncHelper.supplyAsync(async () => 'later')).resolves.toBe('later')
    await expect(
      AsyncHelper.supplyAsync(() => {
        throw new Error('supplier failed')
      }),
    ).rejects.toThrow('supplier failed')
    expect(calls.map(([member]) => member)).toEqual(['supplyAsync', 'supplyAsync', 'supplyAsync'])
  })

  it('scheduleAtFixRate returns a Runnable that cancels the schedule', () => {
    const { calls } = bindTinyRuntime(linkage)
    const cancel = AsyncHelper.scheduleAtFixRate(500, () => {}, true)
    expect(calls[0]?.slice(0, 2)).toEqual(['scheduleAtFixRate', 500])
    expect(calls[0]?.[3]).toBe(true)
    cancel.run()
    expect(calls[1]).toEqual(['cancel'])
  })
})

describe('v1 AsyncHelper argument checks', () => {
  it('rejects a thread name that is not a string, without calling the host', () => {
    const { calls } = bindTinyRuntime('dynamic')
    expect(() => AsyncHelper.task(7 as never, () => {})).toThrow(IllegalArgumentException)
    expect(() => AsyncHelper.task(7 as never, () => {})).toThrow(
      'expects threadName as a string, got number 7',
    )
    expect(calls).toEqual([])
  })

  it('rejects a supplier that is neither a function nor an object with get(), synchronously', () => {
    bindTinyRuntime('dynamic')
    expect(() => AsyncHelper.supplyAsync(42 as never)).toThrow(
      'AsyncHelper.supplyAsync(supplier) expects a Supplier: a function, or an object with a get() method, that returns the result; got number 42.',
    )
  })

  it('rejects a period that is not a positive integer and a task that is not a Runnable', () => {
    bindTinyRuntime('dynamic')
    expect(() => AsyncHelper.scheduleAtFixRate(0, () => {})).toThrow(IllegalArgumentException)
    expect(() => AsyncHelper.task({} as never)).toThrow('AsyncHelper.task(task) expects a Runnable')
  })
})

describe('the 1.0.0 series against 0.0.5', () => {
  it('links task(runnable) under static linkage where the 0.0.5 declaration does not', () => {
    const { thread } = bindTinyRuntime('static')
    expect(AsyncHelper.task(() => {})).toBe(thread)
    expect(() => AsyncHelper005.task(() => {})).toThrow(NoSuchMethodError)
    expect(() => AsyncHelper005.task(() => {})).toThrow(
      'tech.vendor.api.AsyncHelper.task(Ljava/lang/Runnable;)V',
    )
  })

  it('declares only what the runtime has', () => {
    expect(AsyncHelper).not.toBe(AsyncHelper005)
    expect('newForkJoinPool' in AsyncHelper).toBe(false)
    // 0.0.5 does not declare supplyAsync: the runtime's method is on its object, hidden, as dynamic code sees it.
    expect(Object.keys(AsyncHelper005)).not.toContain('supplyAsync')
    expect(Object.getOwnPropertyDescriptor(AsyncHelper005, 'supplyAsync')?.enumerable).toBe(false)
  })
})

describe('runtime deprecation warnings', () => {
  async function warningsDuring(action: () => void): Promise<string[]> {
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve))
    // process.emitWarning delivers later: let the warnings of earlier tests arrive before listening.
    await nextTurn()
    const codes: string[] = []
    const listener = (warning: Error & { code?: string }) => {
      if (warning.name === 'DeprecationWarning' && warning.code?.startsWith('TECH_VENDOR_API_') === true)
        codes.push(warning.code)
    }
    process.on('warning', listener)
    try {
      action()
      await nextTurn()
    } finally {
      process.off('warning', listener)
    }
    return codes
  }

  it('warns once per member per binding, and again for a new binding', async () => {
    const first = await warningsDuring(() => {
      bindTinyRuntime('dynamic')
      AsyncHelper.task(() => {})
      AsyncHelper.task(() => {})
      AsyncHelper.task('named', () => {})
      AsyncHelper.scheduleAtFixRate(1000, () => {}).run()
      AsyncHelper.scheduleAtFixRate(1000, () => {}, false).run()
      void AsyncHelper.supplyAsync(() => 1)
    })
    expect(first.sort()).toEqual([
      'TECH_VENDOR_API_ASYNCHELPER_SCHEDULEATFIXRATE',
      'TECH_VENDOR_API_ASYNCHELPER_TASK',
    ])

    const second = await warningsDuring(() => {
      bindTinyRuntime('static')
      AsyncHelper.task('again', () => {})
      AsyncHelper.task(() => {})
    })
    expect(second).toEqual(['TECH_VENDOR_API_ASYNCHELPER_TASK'])
  })
})
