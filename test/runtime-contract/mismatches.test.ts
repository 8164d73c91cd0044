import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  AsyncHelper,
  MessageHelper,
  MessageSeverity,
  Notification,
  type ExecutorService,
} from '../../src/index.js'
import {
  IllegalStateException,
  MissingMethodException,
  NoSuchMethodError,
  bindRuntime,
  unbindRuntime,
  type Linkage,
} from '../../src/runtime-contract/index.js'
import { platformAsync, tinyRuntime } from './runtimes.js'

/** What the platform runtime 1.0.0-beta18 has, recording each call. */
function bindPlatform(linkage: Linkage): unknown[][] {
  const calls: unknown[][] = []
  bindRuntime(
    tinyRuntime(`platform-${linkage}`, linkage, {
      async: platformAsync(calls),
      messages: { pushMessage: (notification: unknown) => calls.push(['pushMessage', notification]) },
    }),
  )
  return calls
}

/** Runs `call` and returns what it threw. */
function thrown(call: () => unknown): unknown {
  try {
    call()
  } catch (error) {
    return error
  }
  throw new Error('expected the call to throw')
}

const executor: ExecutorService = {
  execute: () => undefined,
  shutdown: () => undefined,
} as unknown as ExecutorService

/** The runtime's MessageHelper as dynamic code sees it: pushMessage is there, but not in the 0.0.5 types. */
const runtimeMessageHelper = MessageHelper as unknown as { pushMessage(notification: unknown): void }

const ann = { id: 7, username: 'ann' }

beforeEach(() => {
  // AsyncHelper is deprecated at runtime; deprecation.test.ts holds the warnings, here they are only noise.
  vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
})

afterEach(() => {
  unbindRuntime()
  vi.restoreAllMocks()
})

describe('no runtime bound', () => {
  it.each([
    ['AsyncHelper.task(Runnable)', () => AsyncHelper.task(() => undefined)],
    ['AsyncHelper.task(boolean, Runnable)', () => AsyncHelper.task(true, () => undefined)],
    ['AsyncHelper.task(ExecutorService, Runnable)', () => AsyncHelper.task(executor, () => undefined)],
    ['AsyncHelper.newForkJoinPool(int)', () => AsyncHelper.newForkJoinPool(4)],
    [
      'AsyncHelper.scheduleAtFixRate(long, Runnable)',
      () => AsyncHelper.scheduleAtFixRate(1000, () => undefined),
    ],
    [
      'MessageHelper.pushNotification(Notification)',
      () =>
        MessageHelper.pushNotification(
          new Notification({ content: 'x', severity: MessageSeverity.INFO, toUserName: 'ann' }),
        ),
    ],
    [
      'MessageHelper.pushMessage(Notification)',
      () => runtimeMessageHelper.pushMessage({ content: 'x', toUser: ann }),
    ],
  ])('%s throws IllegalStateException naming itself and saying how to bind a host', (member, call) => {
    const error = thrown(call)
    expect(IllegalStateException.is(error)).toBe(true)
    expect((error as Error).message).toContain(`${member} is not available: no runtime is bound`)
    expect((error as Error).message).toContain("'@tech-vendor/api/testing'")
    expect((error as Error).message).toContain('bindRuntime(runtime)')
  })

  it('checks the binding before the arguments, so a bad argument still reports the missing host', () => {
    expect(() => AsyncHelper.scheduleAtFixRate(-1, null as never)).toThrow(IllegalStateException)
  })
})

describe('AsyncHelper.task(Runnable): declared void, the runtime returns a Thread', () => {
  it('dynamic linkage: works and returns the host thread handle', () => {
    const calls = bindPlatform('dynamic')
    const task = (): void => undefined
    const result: unknown = AsyncHelper.task(task)
    expect(result).toMatchObject({ name: 'vendor-async-1' })
    expect(calls).toEqual([['task', task]])
  })

  it('dynamic linkage: a { run() } Runnable reaches the host as a plain function that runs it', () => {
    const calls = bindPlatform('dynamic')
    let ran = 0
    AsyncHelper.task({ run: () => void ran++ })
    const [[, handed]] = calls as [[string, () => void]]
    expect(typeof handed).toBe('function')
    handed()
    expect(ran).toBe(1)
  })

  it('static linkage: NoSuchMethodError with the declared descriptor, and the host is not called', () => {
    const calls = bindPlatform('static')
    const error = thrown(() => AsyncHelper.task(() => undefined))
    expect(NoSuchMethodError.is(error)).toBe(true)
    expect((error as NoSuchMethodError).descriptor).toBe(
      'tech.vendor.api.AsyncHelper.task(Ljava/lang/Runnable;)V',
    )
    expect((error as Error).message).toContain("'@tech-vendor/api/v1'")
    expect(calls).toEqual([])
  })
})

describe('declared by 0.0.5, absent from the runtime', () => {
  const absent = [
    {
      member: 'task(boolean, Runnable)',
      call: () => AsyncHelper.task(true, () => undefined),
      descriptor: 'tech.vendor.api.AsyncHelper.task(ZLjava/lang/Runnable;)V',
      method: 'task',
      type: 'tech.vendor.api.AsyncHelper',
      argumentTypes: ['java.lang.Boolean', 'groovy.lang.Closure'],
      wording:
        'No signature of method: static tech.vendor.api.AsyncHelper.task() is applicable for argument types: (java.lang.Boolean, groovy.lang.Closure) values: [true, ',
    },
    {
      member: 'task(ExecutorService, Runnable)',
      call: () => AsyncHelper.task(executor, () => undefined),
      descriptor:
        'tech.vendor.api.AsyncHelper.task(Ljava/util/concurrent/ExecutorService;Ljava/lang/Runnable;)V',
      method: 'task',
      type: 'tech.vendor.api.AsyncHelper',
      argumentTypes: ['java.util.LinkedHashMap', 'groovy.lang.Closure'],
      wording:
        'No signature of method: static tech.vendor.api.AsyncHelper.task() is applicable for argument types: (java.util.LinkedHashMap, groovy.lang.Closure)',
    },
    {
      member: 'newForkJoinPool(int)',
      call: () => AsyncHelper.newForkJoinPool(4),
      descriptor: 'tech.vendor.api.AsyncHelper.newForkJoinPool(I)Ljava/util/concurrent/ForkJoinPool;',
      method: 'newForkJoinPool',
      type: 'tech.vendor.api.AsyncHelper',
      argumentTypes: ['java.lang.Integer'],
      wording:
        'No signature of method: static tech.vendor.api.AsyncHelper.newForkJoinPool() is applicable for argument types: (java.lang.Integer) values: [4]',
    },
    {
      member: 'MessageHelper.pushNotification(Notification)',
      call: () =>
        MessageHelper.pushNotification(
          new Notification({ content: 'Export ready', severity: MessageSeverity.INFO, toUserName: 'ann' }),
        ),
      descriptor: 'tech.vendor.api.MessageHelper.pushNotification(Ltech/vendor/api/Notification;)V',
      method: 'pushNotification',
      type: 'tech.vendor.api.MessageHelper',
      argumentTypes: ['Notification'],
      wording:
        'No signature of method: static tech.vendor.api.MessageHelper.pushNotification() is applicable for argument types: (Notification)',
    },
  ]

  describe.each(absent)('$member', (row) => {
    it('dynamic linkage: MissingMethodException in Groovy wording, with the argument types', () => {
      const calls = bindPlatform('dynamic')
      const error = thrown(row.call)
      expect(MissingMethodException.is(error)).toBe(true)
      const missing = error as MissingMethodException
      expect(missing.name).toBe('MissingMethodException')
      expect(missing.method).toBe(row.method)
      expect(missing.type).toBe(row.type)
      expect(missing.argumentTypes).toEqual(row.argumentTypes)
      expect(missing.message.startsWith(row.wording)).toBe(true)
      expect(missing.message).toContain("runtime 'platform-dynamic' (platform 1.0.0-beta18)")
      expect(calls).toEqual([])
    })

    it('static linkage: NoSuchMethodError with the JVM descriptor', () => {
      const calls = bindPlatform('static')
      const error = thrown(row.call)
      expect(NoSuchMethodError.is(error)).toBe(true)
      expect((error as NoSuchMethodError).descriptor).toBe(row.descriptor)
      expect((error as Error).message.split('\n')[0]).toBe(row.descriptor)
      expect(MissingMethodException.is(error)).toBe(false)
      expect(calls).toEqual([])
    })
  })

  it('dynamic linkage: the Groovy message lists the overloads the runtime does have', () => {
    bindPlatform('dynamic')
    const error = thrown(() => AsyncHelper.task(true, () => undefined)) as Error
    expect(error.message).toContain('Possible solutions: task(java.lang.Runnable)')
  })

  it('each failure says what to call instead', () => {
    bindPlatform('static')
    expect((thrown(() => AsyncHelper.task(true, () => undefined)) as Error).message).toContain(
      'Use AsyncHelper.task(runnable)',
    )
    expect((thrown(() => AsyncHelper.task(executor, () => undefined)) as Error).message).toContain(
      'executor.execute(runnable)',
    )
    expect((thrown(() => AsyncHelper.newForkJoinPool(2)) as Error).message).toContain('supplyAsync')
    const push = thrown(() =>
      MessageHelper.pushNotification(
        new Notification({ content: 'x', severity: MessageSeverity.INFO, toUserName: 'ann' }),
      ),
    ) as Error
    expect(push.message).toContain('pushMessage(notification)')
    expect(push.message).toContain('toUser')
  })
})

describe.each(['dynamic', 'static'] as const)(
  'MessageHelper.pushMessage, the runtime method (%s linkage)',
  (linkage) => {
    it('is present on the runtime object though the 0.0.5 types do not declare it', () => {
      expect(typeof runtimeMessageHelper.pushMessage).toBe('function')
      expect(Object.keys(MessageHelper)).not.toContain('pushMessage')
    })

    it('reaches the host with the recipient in toUser', () => {
      const calls = bindPlatform(linkage)
      runtimeMessageHelper.pushMessage({
        content: 'Export ready',
        severity: MessageSeverity.IMPORTANT,
        toUser: ann,
      })
      expect(calls).toEqual([
        [
          'pushMessage',
          { title: null, content: 'Export ready', severity: 'IMPORTANT', toUser: ann, link: null },
        ],
      ])
    })

    it('names toUser when given only the declared toUserName, and sends nothing', () => {
      const calls = bindPlatform(linkage)
      expect(() => runtimeMessageHelper.pushMessage({ content: 'x', toUserName: 'ann' })).toThrow(
        /toUserName 'ann'.*toUser/,
      )
      expect(calls).toEqual([])
    })
  },
)

describe.each(['dynamic', 'static'] as const)(
  'a host that supplies an optional member (%s linkage)',
  (linkage) => {
    it('gets the call, with the arguments as the host contract gives them', () => {
      const calls: unknown[][] = []
      const pool = { parallelism: 4 }
      bindRuntime(
        tinyRuntime('generous-host', linkage, {
          async: {
            ...platformAsync(calls),
            taskOnNewThread: (...args: unknown[]) => void calls.push(['taskOnNewThread', ...args]),
            taskOnExecutor: (...args: unknown[]) => void calls.push(['taskOnExecutor', ...args]),
            newForkJoinPool: (...args: unknown[]) => {
              calls.push(['newForkJoinPool', ...args])
              return pool
            },
          },
          messages: {
            pushMessage: () => undefined,
            pushNotification: (...args: unknown[]) => void calls.push(['pushNotification', ...args]),
          },
        }),
      )
      const task = (): void => undefined
      AsyncHelper.task(false, task)
      AsyncHelper.task(executor, task)
      expect(AsyncHelper.newForkJoinPool(4)).toBe(pool)
      const notification = new Notification({
        content: 'hi',
        severity: MessageSeverity.INFO,
        toUserName: 'ann',
      })
      MessageHelper.pushNotification(notification)
      expect(calls).toEqual([
        ['taskOnNewThread', false, task],
        ['taskOnExecutor', executor, task],
        ['newForkJoinPool', 4],
        ['pushNotification', notification],
      ])
    })
  },
)
