import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'
import { checkedFacet, linked, type LinkedFacets } from '../runtime-contract/dispatch.js'
import { members } from '../runtime-contract/members.js'
import type { RunnableObject, Thread } from '../model/java-types.js'
import { describeValue, requireBoolean } from './argument-checks.js'
import { toTask } from './runnable.js'

/**
 * The `AsyncHelper` calls that the 0.0.5 and the 1.0.0-series facades share. Each reaches the host through
 * the bound runtime first, so that an unbound call names the member before any argument is checked.
 *
 * @module
 * @internal
 */

/**
 * `AsyncHelper.scheduleAtFixRate(period, task[, newThread])`: repeats `task` every `period` ms on the host.
 *
 * @param args - The facade call's `arguments`, for the error of a missing member.
 * @returns A Runnable-like object whose `run()` cancels the schedule.
 */
export function scheduleAtFixRate(
  args: ArrayLike<unknown>,
  period: unknown,
  task: unknown,
  newThread: unknown,
): RunnableObject {
  const facet =
    newThread === undefined
      ? (linked.scheduleAtFixRate ?? checkedFacet(members.scheduleAtFixRate, args))
      : (linked.scheduleAtFixRateThread ?? checkedFacet(members.scheduleAtFixRateThread, args))
  if (typeof period !== 'number' || !Number.isInteger(period) || period <= 0) {
    throw new IllegalArgumentException(
      `AsyncHelper.scheduleAtFixRate expects a period in milliseconds as a positive integer number, got ${describeValue(period)}.`,
    )
  }
  const dedicated =
    newThread === undefined ? false : requireBoolean(newThread, 'AsyncHelper.scheduleAtFixRate', 'newThread')
  const cancel = facet.scheduleAtFixRate(
    period,
    toTask(task, 'AsyncHelper.scheduleAtFixRate(period, task)'),
    dedicated,
  )
  return { run: cancel }
}

/**
 * `AsyncHelper.task(task)` as either library line declares it (0.0.5: `void`, 1.0.0: `Thread`), on the facet
 * the facade found for its own member (`asyncTask` or `asyncTaskV1`). The host returns its thread handle either
 * way.
 *
 * @param facet - The async facet the facade's member calls.
 */
export function runTask(facet: NonNullable<LinkedFacets['asyncTask']>, task: unknown): Thread {
  return facet.task(toTask(task, 'AsyncHelper.task(task)'))
}

/**
 * `AsyncHelper.task(threadName, task)`: the runtime's method, declared by the 1.0.0 series.
 *
 * @param args - The facade call's `arguments`.
 */
export function runNamedTask(args: ArrayLike<unknown>, threadName: unknown, task: unknown): Thread {
  const facet = linked.asyncTaskNamed ?? checkedFacet(members.asyncTaskNamed, args)
  if (typeof threadName !== 'string') {
    throw new IllegalArgumentException(
      `AsyncHelper.task(threadName, task) expects threadName as a string, got ${describeValue(threadName)}. ` +
        'Pass a name for the thread, or call task(task) to let the platform name it.',
    )
  }
  return facet.taskNamed(threadName, toTask(task, 'AsyncHelper.task(threadName, task)'))
}

/**
 * `AsyncHelper.supplyAsync(supplier)`: the runtime's method, declared by the 1.0.0 series. Java's
 * `CompletableFuture<T>` becomes a `Promise<T>`.
 *
 * @param args - The facade call's `arguments`.
 */
export function supplyAsync<T>(args: ArrayLike<unknown>, supplier: unknown): Promise<T> {
  const facet = linked.supplyAsync ?? checkedFacet(members.supplyAsync, args)
  return Promise.resolve(facet.supplyAsync(toSupplier<T>(supplier)))
}

/** The plain function a host receives for a plugin's `Supplier`: the function, or the object's `get`. */
function toSupplier<T>(supplier: unknown): () => T | PromiseLike<T> {
  if (typeof supplier === 'function') return supplier as () => T | PromiseLike<T>
  if (
    typeof supplier === 'object' &&
    supplier !== null &&
    typeof (supplier as { get?: unknown }).get === 'function'
  ) {
    return () => (supplier as { get(): T | PromiseLike<T> }).get()
  }
  throw new IllegalArgumentException(
    `AsyncHelper.supplyAsync(supplier) expects a Supplier: a function, or an object with a get() method, that returns the result; got ${describeValue(supplier)}.`,
  )
}
