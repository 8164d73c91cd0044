import type { Thread } from '../../model/java-types.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import type { AsyncRuntime } from '../../runtime-contract/facets.js'
import type { ErrorSink } from '../host/error-sink.js'
import { holdContexts, type ContextStore } from '../host/host-context.js'
import { isThenable } from '../../api/is-thenable.js'

/** Something scheduled that `uninstall()` or a plugin's unload must cancel. */
interface Scheduled {
  readonly plugin: string | null
  cancel(): void
}

/** A thread handle on a one-shot task: the runtime's `java.lang.Thread`. */
class TaskThread implements Thread {
  readonly #name: string
  #alive = true
  #cancel: (() => void) | undefined
  readonly #done: Promise<void>
  #resolve!: () => void

  constructor(name: string) {
    this.#name = name
    this.#done = new Promise((resolve) => (this.#resolve = resolve))
  }

  getName(): string {
    return this.#name
  }

  isAlive(): boolean {
    return this.#alive
  }

  join(): Promise<void> {
    return this.#done
  }

  interrupt(): void {
    this.#cancel?.()
  }

  /** @internal */
  attach(cancel: () => void): void {
    this.#cancel = cancel
  }

  /** @internal */
  finish(): void {
    this.#alive = false
    this.#cancel = undefined
    this.#resolve()
  }
}

/**
 * The host side of `AsyncHelper`, on the event loop: one-shot tasks on `setTimeout(0)`, schedules on
 * `setInterval`, both looked up on `globalThis` when called so that fake timers drive them. A task runs in a
 * fresh session as the tenant and plugin that scheduled it, without the user.
 *
 * It has what the platform runtime has (`task`, `taskNamed`, `supplyAsync`, `scheduleAtFixRate`) and not the
 * declared-but-absent members, so that the documented mismatches hold through this host.
 */
export class AsyncFacet implements AsyncRuntime {
  readonly #contexts: ContextStore
  readonly #sink: ErrorSink
  readonly #scheduled = new Set<Scheduled>()
  #pending = 0
  /** Keeps the context storage on while tasks are pending: their continuations must stay tellable apart. */
  #releaseHold: (() => void) | undefined
  #idle: (() => void)[] = []
  #threads = 0
  #closed = false

  constructor(contexts: ContextStore, sink: ErrorSink) {
    this.#contexts = contexts
    this.#sink = sink
  }

  scheduleAtFixRate(period: number, task: () => void, _newThread: boolean): () => void {
    checkPeriod(period)
    this.#assertOpen('scheduleAtFixRate')
    const origin = this.#contexts.current()
    // As Java's scheduleAtFixedRate: runs never overlap (a run that is still going when the next is due makes
    // that one start late, right after it), and a run that throws or rejects ends the schedule.
    let running = false
    let due = 0
    const tick = (): void => {
      if (running) {
        due++
        return
      }
      running = true
      const context = this.#contexts.fresh({ tenant: origin.tenant, user: null, plugin: origin.plugin })
      const failed = (error: unknown): void => {
        running = false
        entry.cancel()
        this.#sink.report(error)
      }
      const settled = (): void => {
        running = false
        if (due > 0 && this.#scheduled.has(entry)) {
          due--
          tick()
        }
      }
      let result: unknown
      try {
        result = this.#contexts.run(context, task)
      } catch (error) {
        failed(error)
        return
      }
      if (isThenable(result)) {
        const release = holdContexts()
        // Adopted as a promise: a thenable of plugin code that settles twice settles the run once.
        void Promise.resolve(result).then(
          () => {
            release()
            settled()
          },
          (error: unknown) => {
            release()
            failed(error)
          },
        )
      } else {
        settled()
      }
    }
    const timer = periodicTimer(period, tick)
    const entry: Scheduled = {
      plugin: origin.plugin,
      cancel: () => {
        if (this.#scheduled.delete(entry)) timer.cancel()
      },
    }
    this.#scheduled.add(entry)
    return () => entry.cancel()
  }

  task(task: () => void): Thread {
    return this.#start(`Thread-${this.#threads++}`, task, REPORT)
  }

  taskNamed(threadName: string, task: () => void): Thread {
    if (typeof threadName !== 'string' || threadName === '') {
      throw new IllegalArgumentException(
        `AsyncHelper.task(threadName, task) needs a non-empty thread name, got ${JSON.stringify(threadName)}.`,
      )
    }
    return this.#start(threadName, task, REPORT)
  }

  supplyAsync<T>(supplier: () => T | PromiseLike<T>): Promise<T> {
    if (typeof supplier !== 'function') {
      throw new IllegalArgumentException(
        `AsyncHelper.supplyAsync needs a Supplier (a function), got ${typeof supplier}.`,
      )
    }
    let settle!: (outcome: Outcome) => void
    const future = new Promise<T>((resolve, reject) => {
      settle = (outcome) => {
        if (outcome.kind === 'value') resolve(outcome.value as T)
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the supplier's own error, as thrown
        else if (outcome.kind === 'error') reject(outcome.error)
        else {
          // A future cancelled by uninstall fails whoever awaits it, without an unhandled rejection.
          future.catch(() => undefined)
          reject(
            new IllegalStateException(
              'supplyAsync was cancelled before it ran: the test host was uninstalled.',
            ),
          )
        }
      }
    })
    this.#start(`ForkJoinPool.commonPool-worker-${this.#threads++}`, supplier, settle)
    return future
  }

  /**
   * Keeps an asynchronous result of plugin code (an `async onLoad()`) pending for {@link AsyncFacet.whenIdle},
   * and sends its rejection to the error sink.
   */
  track(result: unknown): void {
    if (!isThenable(result)) return
    this.#begin()
    void Promise.resolve(result).then(
      () => this.#release(),
      (error: unknown) => {
        this.#sink.report(error)
        this.#release()
      },
    )
  }

  /** Resolves when no one-shot task is pending (tasks started by tasks included); schedules do not count. */
  whenIdle(): Promise<void> {
    if (this.#pending === 0) return Promise.resolve()
    return new Promise((resolve) => this.#idle.push(resolve))
  }

  /** Cancels what the plugin scheduled. */
  cancelPlugin(plugin: string): void {
    for (const entry of [...this.#scheduled]) if (entry.plugin === plugin) entry.cancel()
  }

  /** Cancels everything and refuses new work until {@link AsyncFacet.reopen}. */
  close(): void {
    this.#closed = true
    for (const entry of [...this.#scheduled]) entry.cancel()
  }

  /** Accepts work again after {@link AsyncFacet.close}. */
  reopen(): void {
    this.#closed = false
  }

  #start(name: string, task: () => unknown, onSettled: (outcome: Outcome) => void): Thread {
    if (typeof task !== 'function') {
      throw new IllegalArgumentException(
        `AsyncHelper.task needs a Runnable (a function or an object with run()), got ${typeof task}.`,
      )
    }
    this.#assertOpen('task')
    const origin = this.#contexts.current()
    const thread = new TaskThread(name)
    this.#begin()
    const handle = globalThis.setTimeout(() => {
      if (!this.#scheduled.delete(entry)) return
      const context = this.#contexts.fresh({ tenant: origin.tenant, user: null, plugin: origin.plugin })
      const finish = (outcome: Outcome): void => {
        // A failing Runnable reports to the sink; a failing supplier rejects its future instead.
        if (outcome.kind === 'error' && onSettled === REPORT) this.#sink.report(outcome.error)
        onSettled(outcome)
        thread.finish()
        this.#release()
      }
      let result: unknown
      try {
        result = this.#contexts.run(context, task)
      } catch (error) {
        finish({ kind: 'error', error })
        return
      }
      if (isThenable(result)) {
        void Promise.resolve(result).then(
          (value) => finish({ kind: 'value', value }),
          (error: unknown) => finish({ kind: 'error', error }),
        )
      } else {
        finish({ kind: 'value', value: result })
      }
    }, 0)
    const entry: Scheduled = {
      plugin: origin.plugin,
      cancel: () => {
        if (!this.#scheduled.delete(entry)) return
        globalThis.clearTimeout(handle)
        onSettled({ kind: 'cancelled' })
        thread.finish()
        this.#release()
      },
    }
    thread.attach(() => entry.cancel())
    this.#scheduled.add(entry)
    return thread
  }

  #begin(): void {
    if (this.#pending++ === 0) this.#releaseHold = holdContexts()
  }

  #release(): void {
    this.#pending--
    if (this.#pending > 0) return
    this.#releaseHold?.()
    this.#releaseHold = undefined
    const waiting = this.#idle
    this.#idle = []
    for (const resolve of waiting) resolve()
  }

  #assertOpen(member: string): void {
    if (this.#closed) {
      throw new IllegalStateException(
        `AsyncHelper.${member} was called after the test host was uninstalled; install it again first.`,
      )
    }
  }
}

/** Java's `Long.MAX_VALUE` (2^63 - 1), the longest period `scheduleAtFixRate` takes: 2^63 as a double. */
const LONG_MAX = 2 ** 63

/** The longest delay one Node timer takes; a longer one fires at once (Node clamps it to 1 ms). */
const MAX_TIMER_DELAY = 2 ** 31 - 1

function checkPeriod(period: number): void {
  if (!Number.isInteger(period) || period <= 0 || period > LONG_MAX) {
    throw new IllegalArgumentException(
      "scheduleAtFixRate needs a period in milliseconds as a positive integer up to Long.MAX_VALUE (9223372036854775807), as Java's " +
        `scheduleAtFixedRate does, got ${String(period)}.`,
    )
  }
}

/**
 * Calls `tick` every `period` ms on the global timers (looked up when armed, so that fake timers drive it). A
 * period longer than one Node timer takes is a chain of timers, so that a 30-day schedule waits 30 days. The
 * timers do not keep the process alive: a forgotten schedule must not hang a test run.
 */
function periodicTimer(period: number, tick: () => void): { cancel(): void } {
  if (period <= MAX_TIMER_DELAY) {
    const handle = globalThis.setInterval(tick, period)
    ;(handle as { unref?: () => void }).unref?.()
    return { cancel: () => globalThis.clearInterval(handle) }
  }
  let handle: ReturnType<typeof setTimeout>
  let remaining = period
  let cancelled = false
  const arm = (): void => {
    const delay = Math.min(remaining, MAX_TIMER_DELAY)
    handle = globalThis.setTimeout(() => {
      remaining -= delay
      if (remaining <= 0) {
        remaining = period
        tick()
      }
      // The tick may have ended the schedule.
      if (!cancelled) arm()
    }, delay)
    ;(handle as { unref?: () => void }).unref?.()
  }
  arm()
  return {
    cancel: () => {
      cancelled = true
      globalThis.clearTimeout(handle)
    },
  }
}

/** How a task ended. */
type Outcome = { kind: 'value'; value: unknown } | { kind: 'error'; error: unknown } | { kind: 'cancelled' }

/** The settle callback of a Runnable: its failures go to the error sink. */
const REPORT = (_outcome: Outcome): void => undefined
