import { runNamedTask, runTask, scheduleAtFixRate, supplyAsync } from '../api/async-dispatch.js'
import type { Runnable, RunnableObject, Supplier, Thread } from '../model/java-types.js'
import { checkedFacet, LINKED, type FacadeClass } from '../runtime-contract/dispatch.js'
import { members } from '../runtime-contract/members.js'

/**
 * Runs code asynchronously, as the 1.0.0 series of the library declares it, which matches the platform
 * runtime: `task` returns the `Thread` that runs the task (so it links under `static` linkage too),
 * `task(threadName, task)` names that thread, and `supplyAsync` runs a supplier and gives its result.
 *
 * The tenant and the plugin's context (the plugin class loader) are carried into the task; the logged-in
 * user is **not**: pass what the task needs explicitly. `task` and `scheduleAtFixRate` are deprecated at
 * runtime (the host warns once per member when it is first used); `supplyAsync` is not.
 *
 * @see The 0.0.5 `AsyncHelper` of `@tech-vendor/api`, which declares `task(Runnable)` as `void` and three
 * overloads the runtime lacks.
 * @example
 * ```ts
 * import { AsyncHelper } from '@tech-vendor/api/v1'
 *
 * const total = await AsyncHelper.supplyAsync(() => 6 * 7)
 * console.log(total) // 42
 * ```
 */
export class AsyncHelper {
  private constructor() {}

  /**
   * Repeats `task` every `period` milliseconds, on the platform's shared timer, until cancelled. A run that
   * throws stops the schedule (as Java's `scheduleAtFixedRate` does) and the error reaches the host's log.
   *
   * @deprecated Deprecated at runtime: the platform keeps it for existing plugins; the task carries the
   * tenant and plugin context but not the logged-in user. Prefer `VendorPlatformComponent.onLoad` for startup
   * work and the platform's scheduled tasks for periodic work.
   * @param period - The interval in milliseconds; a positive integer.
   * @param task - What to run each time.
   * @returns A `Runnable` whose `run()` cancels the schedule.
   * @throws {@link IllegalArgumentException} when `period` is not a positive integer or `task` is not a Runnable.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link AsyncHelper.task} for a single run.
   * @example
   * ```ts
   * import { AsyncHelper } from '@tech-vendor/api/v1'
   *
   * const cancel = AsyncHelper.scheduleAtFixRate(1000, () => console.log('tick'))
   * cancel.run() // stops it
   * ```
   */
  static scheduleAtFixRate(period: number, task: Runnable): RunnableObject
  /**
   * Repeats `task` every `period` milliseconds until cancelled; with `newThread` the platform uses a timer
   * thread of its own for it instead of the shared one.
   *
   * @deprecated Deprecated at runtime: see the two-argument overload.
   * @param period - The interval in milliseconds; a positive integer.
   * @param task - What to run each time.
   * @param newThread - `true` for a dedicated timer thread.
   * @returns A `Runnable` whose `run()` cancels the schedule.
   * @throws {@link IllegalArgumentException} when an argument has the wrong type.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { AsyncHelper } from '@tech-vendor/api/v1'
   *
   * const cancel = AsyncHelper.scheduleAtFixRate(5000, { run: () => console.log('sync') }, true)
   * ```
   */
  static scheduleAtFixRate(period: number, task: Runnable, newThread: boolean): RunnableObject
  static scheduleAtFixRate(period: number, task: Runnable, newThread?: boolean): RunnableObject {
    return scheduleAtFixRate(arguments, period, task, newThread)
  }

  /**
   * Runs `task` once, asynchronously, on a thread of its own, and returns that thread. Declared as the
   * runtime has it, so it works under both linkages (the 0.0.5 artifact declares `void` and fails under
   * `static` linkage).
   *
   * @deprecated Deprecated at runtime: the task carries the tenant and plugin context but not the logged-in
   * user. For work that produces a result use {@link AsyncHelper.supplyAsync}, which is not deprecated.
   * @param task - What to run.
   * @returns The thread that runs the task: `join()` it to wait, `interrupt()` it to cancel a task that has
   * not started.
   * @throws {@link IllegalArgumentException} when `task` is not a Runnable.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link AsyncHelper.supplyAsync} for a task with a result.
   * @example
   * ```ts
   * import { AsyncHelper } from '@tech-vendor/api/v1'
   *
   * const thread = AsyncHelper.task(() => console.log('after the response'))
   * await thread.join()
   * ```
   */
  static task(task: Runnable): Thread
  /**
   * Runs `task` once, asynchronously, on a thread named `threadName`, and returns that thread. The name
   * shows in the platform's logs and thread dumps.
   *
   * @deprecated Deprecated at runtime: the task carries the tenant and plugin context but not the logged-in
   * user. For work that produces a result use {@link AsyncHelper.supplyAsync}, which is not deprecated.
   * @param threadName - The thread's name.
   * @param task - What to run.
   * @returns The thread that runs the task.
   * @throws {@link IllegalArgumentException} when `threadName` is not a string or `task` is not a Runnable.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { AsyncHelper } from '@tech-vendor/api/v1'
   *
   * const thread = AsyncHelper.task('invoice-export', () => console.log('exporting'))
   * console.log(thread.getName()) // 'invoice-export'
   * ```
   */
  static task(threadName: string, task: Runnable): Thread
  static task(first: Runnable | string, second?: Runnable): Thread {
    if (arguments.length < 2)
      return runTask(
        (this as FacadeClass)?.[LINKED]?.asyncTaskV1 ??
          checkedFacet(members.asyncTaskV1, arguments, AsyncHelper),
        first,
      )
    return runNamedTask(arguments, first, second)
  }

  /**
   * Runs `supplier` asynchronously, carrying the tenant and plugin context, and settles with what it
   * returns. Java's `CompletableFuture<T>` is a `Promise<T>` here: it rejects with what the supplier threw.
   *
   * @typeParam T - What the supplier produces.
   * @param supplier - The work to run; it may itself return a promise.
   * @returns A promise of the supplier's result.
   * @throws {@link IllegalArgumentException} (synchronously) when `supplier` is neither a function nor an object with `get()`.
   * @throws {@link IllegalStateException} (synchronously) when no runtime is bound.
   * @see {@link AsyncHelper.task} for work without a result.
   * @example
   * ```ts
   * import { AsyncHelper, SimpleQuery } from '@tech-vendor/api/v1'
   *
   * const open = await AsyncHelper.supplyAsync(() => SimpleQuery.count('Order'))
   * ```
   */
  static supplyAsync<T>(supplier: Supplier<T>): Promise<T> {
    return supplyAsync<T>(arguments, supplier)
  }
}
