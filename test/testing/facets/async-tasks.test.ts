import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  AsyncHelper,
  DomainHelper,
  IllegalArgumentException,
  MessageHelper,
  MissingMethodException,
  NoSuchMethodError,
  Notification,
  SimpleQuery,
  type ExecutorService,
} from '../../../src/index.js'
import { AsyncHelper as AsyncHelperV1 } from '../../../src/v1/index.js'
import type { Thread } from '../../../src/index.js'
import type { CurrentIdentity } from '../../../src/testing/index.js'
import { installHost } from '../hosts.js'

beforeEach(() => {
  // Each installed host warns once per runtime-deprecated member; the deprecation has tests of its own.
  vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** AsyncHelper.task through dynamic linkage returns the runtime's Thread, though 0.0.5 declares void. */
const task = (runnable: () => void): Thread =>
  (AsyncHelper.task as unknown as (r: () => void) => Thread)(runnable)

describe('one-shot tasks', () => {
  test('run on the event loop, not during the call', async () => {
    const host = installHost()
    const ran: string[] = []
    task(() => ran.push('task'))
    ran.push('caller')
    await host.whenIdle()
    expect(ran).toEqual(['caller', 'task'])
  })

  test('task(Runnable) returns a Thread handle under dynamic linkage', async () => {
    installHost()
    const thread = task(() => undefined)
    expect(thread.getName()).toMatch(/^Thread-\d+$/)
    expect(thread.isAlive()).toBe(true)
    await thread.join()
    expect(thread.isAlive()).toBe(false)
  })

  test('task(Runnable) is a NoSuchMethodError under static linkage (the declared void differs from the runtime)', () => {
    installHost({ linkage: 'static' })
    let ran = false
    expect(() => AsyncHelper.task(() => (ran = true))).toThrow(NoSuchMethodError)
    expect(() => AsyncHelper.task(() => undefined)).toThrow(
      'tech.vendor.api.AsyncHelper.task(Ljava/lang/Runnable;)V',
    )
    expect(ran).toBe(false)
  })

  test('the 1.0.0-series task(Runnable) returns a Thread under static linkage too', async () => {
    installHost({ linkage: 'static', libraryLine: '1.0.0' })
    const thread = AsyncHelperV1.task(() => undefined)
    await thread.join()
    expect(thread.isAlive()).toBe(false)
  })

  test('task(threadName, Runnable) names the thread', async () => {
    installHost({ libraryLine: '1.0.0' })
    const thread = AsyncHelperV1.task('nightly-export', () => undefined)
    expect(thread.getName()).toBe('nightly-export')
    await thread.join()
  })

  test('supplyAsync settles with the supplier’s result, or its error', async () => {
    installHost({ libraryLine: '1.0.0' })
    await expect(AsyncHelperV1.supplyAsync(() => 42)).resolves.toBe(42)
    await expect(AsyncHelperV1.supplyAsync(async () => 'later')).resolves.toBe('later')
    await expect(
      AsyncHelperV1.supplyAsync(() => {
        throw new Error('supplier failed')
      }),
    ).rejects.toThrow('supplier failed')
  })

  test('carry the tenant and the plugin but not the user', async () => {
    const host = installHost({ tenants: ['acme', 'globex'] })
    host.loadPlugin({ manifest: { name: 'reports', version: '1.0.0' } })
    let seen: CurrentIdentity | undefined
    host.runAs({ tenant: 'globex', user: { id: 7, username: 'ann' }, plugin: 'reports' }, () => {
      task(() => (seen = host.current()))
    })
    await host.whenIdle()
    expect(seen).toEqual({ tenant: 'globex', user: null, plugin: 'reports' })
  })

  test('run in a session of their own, outside the caller’s transaction', async () => {
    const host = installHost()
    let countInTask = -1
    const { QueryHelper } = await import('../../../src/index.js')
    QueryHelper.withTransaction(() => {
      DomainHelper.createDomain(DomainHelper.buildDomain('Label', { name: 'uncommitted' }))
      task(() => (countInTask = SimpleQuery.count('Label')))
    })
    await host.whenIdle()
    expect(countInTask).toBe(1) // the transaction committed before the task ran
  })

  test('whenIdle waits for tasks started by tasks', async () => {
    const host = installHost()
    const ran: string[] = []
    task(() => {
      ran.push('first')
      task(() => {
        ran.push('second')
        task(() => ran.push('third'))
      })
    })
    await host.whenIdle()
    expect(ran).toEqual(['first', 'second', 'third'])
  })

  test('an error thrown by a task reaches host.errors and does not stop other tasks', async () => {
    const host = installHost()
    const failure = new Error('task failed')
    let after = false
    task(() => {
      throw failure
    })
    task(() => (after = true))
    await host.whenIdle()
    expect(host.errors).toEqual([failure])
    expect(after).toBe(true)
  })

  test('with onError, errors go there instead of host.errors', async () => {
    const seen: unknown[] = []
    const host = installHost({ onError: (error) => seen.push(error) })
    task(() => {
      throw new Error('to the sink')
    })
    await host.whenIdle()
    expect(seen).toEqual([new Error('to the sink')])
    expect(host.errors).toEqual([])
  })

  test('the rejection of an async Runnable does not vanish', async () => {
    const host = installHost()
    task((async () => {
      await Promise.resolve()
      throw new Error('async failure')
    }) as () => void)
    await host.whenIdle()
    expect(host.errors).toEqual([new Error('async failure')])
  })

  test('interrupt() cancels a task that has not started', async () => {
    const host = installHost()
    let ran = false
    const thread = task(() => (ran = true))
    thread.interrupt()
    await host.whenIdle()
    await thread.join()
    expect(ran).toBe(false)
    expect(thread.isAlive()).toBe(false)
  })
})

describe('schedules (fake timers)', () => {
  test('scheduleAtFixRate runs every period and its Runnable cancels it', async () => {
    vi.useFakeTimers()
    installHost()
    let runs = 0
    const cancel = AsyncHelper.scheduleAtFixRate(1000, () => void runs++)
    await vi.advanceTimersByTimeAsync(3500)
    expect(runs).toBe(3)
    cancel.run()
    await vi.advanceTimersByTimeAsync(5000)
    expect(runs).toBe(3)
  })

  test('a periodic task that throws stops, and the error reaches the host', async () => {
    vi.useFakeTimers()
    const host = installHost()
    let runs = 0
    AsyncHelper.scheduleAtFixRate(100, () => {
      runs++
      if (runs === 2) throw new Error('second run failed')
    })
    await vi.advanceTimersByTimeAsync(1000)
    expect(runs).toBe(2)
    expect(host.errors).toEqual([new Error('second run failed')])
  })

  test('a periodic async task whose promise rejects stops, and the error reaches the host', async () => {
    vi.useFakeTimers()
    const host = installHost()
    let runs = 0
    AsyncHelper.scheduleAtFixRate(100, async () => {
      runs++
      await Promise.resolve()
      if (runs === 2) throw new Error('second run rejected')
    })
    await vi.advanceTimersByTimeAsync(1000)
    expect(runs).toBe(2)
    expect(host.errors).toEqual([new Error('second run rejected')])
  })

  test('runs of one schedule never overlap: a run still going makes the next start late, right after it', async () => {
    vi.useFakeTimers()
    installHost()
    const events: string[] = []
    let run = 0
    AsyncHelper.scheduleAtFixRate(100, async () => {
      const mine = ++run
      events.push(`start ${mine} at ${Date.now()}`)
      if (mine === 1) await new Promise((resolve) => setTimeout(resolve, 250))
      events.push(`end ${mine}`)
    })
    const start = Date.now()
    await vi.advanceTimersByTimeAsync(400)
    expect(events.map((e) => e.replace(/at (\d+)/, (_, t: string) => `at +${Number(t) - start}`))).toEqual([
      'start 1 at +100',
      'end 1',
      // The runs due at 200 and 300 start as soon as the first ends (at 350), one after the other.
      'start 2 at +350',
      'end 2',
      'start 3 at +350',
      'end 3',
      'start 4 at +400',
      'end 4',
    ])
  })

  test('a period longer than a Node timer takes waits the whole period (a 30-day schedule)', async () => {
    vi.useFakeTimers()
    installHost()
    const day = 24 * 60 * 60 * 1000
    let runs = 0
    AsyncHelper.scheduleAtFixRate(30 * day, () => void runs++)
    await vi.advanceTimersByTimeAsync(29 * day)
    expect(runs, 'not before 30 days').toBe(0)
    await vi.advanceTimersByTimeAsync(day)
    expect(runs).toBe(1)
    await vi.advanceTimersByTimeAsync(60 * day)
    expect(runs).toBe(3)
  })

  test('the longest period Java takes, Long.MAX_VALUE, is accepted and never fires in a test', async () => {
    vi.useFakeTimers()
    installHost()
    let runs = 0
    const cancel = AsyncHelper.scheduleAtFixRate(Number.MAX_SAFE_INTEGER * 1024, () => void runs++)
    await vi.advanceTimersByTimeAsync(10 * 2 ** 31)
    expect(runs).toBe(0)
    cancel.run()
    expect(vi.getTimerCount()).toBe(0)
  })

  test('a period of 0, a negative one, or one past Long.MAX_VALUE is an IllegalArgumentException, as in Java', () => {
    installHost()
    for (const period of [0, -1000]) {
      expect(() => AsyncHelper.scheduleAtFixRate(period, () => undefined)).toThrow(IllegalArgumentException)
    }
    expect(() => AsyncHelper.scheduleAtFixRate(2 ** 64, () => undefined)).toThrow(
      /positive integer up to Long\.MAX_VALUE \(9223372036854775807\)/,
    )
    // A Java long ported as a bigint: the message says a number is taken.
    expect(() => AsyncHelper.scheduleAtFixRate(60_000n as never, () => undefined)).toThrow(
      /expects a period in milliseconds as a positive integer number, got bigint 60000\./,
    )
  })

  test('each run carries the tenant of the code that scheduled it', async () => {
    vi.useFakeTimers()
    const host = installHost({ tenants: ['acme', 'globex'] })
    const tenants: string[] = []
    host.runAs({ tenant: 'globex', user: { id: 1, username: 'ann' } }, () =>
      AsyncHelper.scheduleAtFixRate(
        10,
        () => void tenants.push(`${host.current().tenant}/${String(host.current().user)}`),
      ),
    )
    await vi.advanceTimersByTimeAsync(20)
    expect(tenants).toEqual(['globex/null', 'globex/null'])
  })

  test('periodic schedules do not keep whenIdle from resolving', async () => {
    vi.useFakeTimers()
    const host = installHost()
    AsyncHelper.scheduleAtFixRate(10, () => undefined)
    await expect(host.whenIdle()).resolves.toBeUndefined()
  })

  test('with fake timers, one-shot tasks run when the clock advances', async () => {
    vi.useFakeTimers()
    const host = installHost()
    let ran = false
    task(() => (ran = true))
    expect(ran).toBe(false)
    await vi.runAllTimersAsync()
    expect(ran).toBe(true)
    await host.whenIdle()
  })

  test('uninstall cancels every task and schedule, so nothing runs afterwards', async () => {
    vi.useFakeTimers()
    const host = installHost()
    let runs = 0
    AsyncHelper.scheduleAtFixRate(10, () => void runs++)
    const thread = task(() => void runs++)
    host.uninstall()
    await vi.advanceTimersByTimeAsync(1000)
    expect(runs).toBe(0)
    expect(thread.isAlive()).toBe(false)
    expect(vi.getTimerCount()).toBe(0)
    await host.whenIdle()
  })
})

describe('members the platform runtime lacks', () => {
  const executor: ExecutorService = {
    execute: () => undefined,
    shutdown: () => undefined,
    isShutdown: () => false,
  }
  const notification = new Notification({ content: 'hi', toUserName: 'ann' })

  test.each(['dynamic', 'static'] as const)('stay absent through this host under %s linkage', (linkage) => {
    installHost({ linkage })
    const expected = linkage === 'dynamic' ? MissingMethodException : NoSuchMethodError
    expect(() => AsyncHelper.task(true, () => undefined)).toThrow(expected)
    expect(() => AsyncHelper.task(executor, () => undefined)).toThrow(expected)
    expect(() => AsyncHelper.newForkJoinPool(4)).toThrow(expected)
    expect(() => MessageHelper.pushNotification(notification)).toThrow(expected)
  })

  test('pushMessage, which the runtime has, is recorded with its tenant and plugin', () => {
    const host = installHost()
    const pushMessage = (MessageHelper as unknown as { pushMessage(n: object): void }).pushMessage
    pushMessage({ content: 'Export ready', severity: 'INFO', toUser: { id: 7, username: 'ann' } })
    expect(host.pushedMessages).toEqual([
      {
        tenant: 'default',
        plugin: null,
        title: null,
        content: 'Export ready',
        severity: 'INFO',
        toUser: { id: 7, username: 'ann' },
        link: null,
      },
    ])
  })
})
