import { checkedFacet, LINKED, type FacadeClass } from '../runtime-contract/dispatch.js'
import { members } from '../runtime-contract/members.js'
import {
  runNamedTask,
  runTask,
  scheduleAtFixRate,
  supplyAsync as supplyAsyncOnHost,
} from './async-dispatch.js'
import type { ExecutorService, ForkJoinPool, Runnable, RunnableObject } from '../model/java-types.js'
import { toTask } from './runnable.js'

/**
 * Runs code asynchronously, keeping the current tenant and the plugin's context (the plugin class loader)
 * in the task. The logged-in user is **not** carried over: pass what the task needs explicitly.
 *
 * Both methods are deprecated at runtime; the host warns once per member when it is first used.
 * Three overloads are declared by the 0.0.5 artifact but absent from the platform runtime:
 * `task(boolean, Runnable)`, `task(ExecutorService, Runnable)` and `newForkJoinPool(int)`.
 *
 * @example
 * ```ts
 * import { AsyncHelper } from '@tech-vendor/api'
 *
 * const cancel = AsyncHelper.scheduleAtFixRate(60_000, () => console.log('still here'))
 * // later, at plugin unload:
 * cancel.run()
 * ```
 */
export class AsyncHelper {
  private constructor() {}

  static {
    // The runtime's supplyAsync: not declared by 0.0.5, but present on the object as dynamic code sees it
    // (typed by the 1.0.0 series and by the runtime profile).
    Object.defineProperty(this, 'supplyAsync', {
      value: function supplyAsync(supplier: unknown): Promise<unknown> {
        return supplyAsyncOnHost(arguments, supplier)
      },
      writable: true,
      configurable: true,
      enumerable: false,
    })
  }

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
   * import { AsyncHelper } from '@tech-vendor/api'
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
   * import { AsyncHelper } from '@tech-vendor/api'
   *
   * const cancel = AsyncHelper.scheduleAtFixRate(5000, { run: () => console.log('sync') }, true)
   * ```
   */
  static scheduleAtFixRate(period: number, task: Runnable, newThread: boolean): RunnableObject
  static scheduleAtFixRate(period: number, task: Runnable, newThread?: boolean): RunnableObject {
    return scheduleAtFixRate(arguments, period, task, newThread)
  }

  /**
   * Runs `task` once, asynchronously, on a thread of its own.
   *
   * Mismatch: declared `void`, but the runtime's method returns a `Thread`. Dynamic code (Groovy, a
   * JavaScript engine) calls it fine and gets the thread handle back; statically linked code fails with
   * `NoSuchMethodError` (`tech.vendor.api.AsyncHelper.task(Ljava/lang/Runnable;)V`). The 1.0.0 series
   * (`@tech-vendor/api/v1`) declares it as the runtime has it.
   *
   * @deprecated Deprecated at runtime: the task carries the tenant and plugin context but not the logged-in
   * user. Keep tasks small and pass the user explicitly.
   * @param task - What to run.
   * @throws {@link NoSuchMethodError} under `static` linkage (the return type differs).
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { AsyncHelper } from '@tech-vendor/api'
   *
   * AsyncHelper.task(() => console.log('after the response'))
   * ```
   */
  static task(task: Runnable): void
  /**
   * Declared by the 0.0.5 artifact, absent from the platform runtime: fails with `MissingMethodException`
   * (dynamic linkage) or `NoSuchMethodError` `tech.vendor.api.AsyncHelper.task(ZLjava/lang/Runnable;)V`
   * (static linkage).
   *
   * @deprecated Absent at runtime: use `AsyncHelper.task(runnable)`, which always runs on a thread of its own.
   * @param newThread - Whether to use a new thread.
   * @param task - What to run.
   * @throws {@link MissingMethodException} under `dynamic` linkage.
   * @throws {@link NoSuchMethodError} under `static` linkage.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { AsyncHelper } from '@tech-vendor/api'
   *
   * // Compiles, but fails on the platform:
   * // AsyncHelper.task(true, () => {})
   * AsyncHelper.task(() => {}) // what works
   * ```
   */
  static task(newThread: boolean, task: Runnable): void
  /**
   * Declared by the 0.0.5 artifact, absent from the platform runtime: fails with `MissingMethodException`
   * (dynamic linkage) or `NoSuchMethodError` (static linkage).
   *
   * @deprecated Absent at runtime: hand the task to the executor yourself (`executor.execute(task)`).
   * @param executor - The executor to run on.
   * @param task - What to run.
   * @throws {@link MissingMethodException} under `dynamic` linkage.
   * @throws {@link NoSuchMethodError} under `static` linkage.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import type { ExecutorService } from '@tech-vendor/api'
   *
   * declare const executor: ExecutorService
   * executor.execute(() => console.log('run')) // instead of AsyncHelper.task(executor, ...)
   * ```
   */
  static task(executor: ExecutorService, task: Runnable): void
  static task(first: Runnable | boolean | ExecutorService, second?: Runnable): unknown {
    if (arguments.length < 2)
      return runTask(
        (this as FacadeClass)?.[LINKED]?.asyncTask ?? checkedFacet(members.asyncTask, arguments, AsyncHelper),
        first,
      )
    if (typeof first === 'boolean') {
      return (
        (this as FacadeClass)?.[LINKED]?.asyncTaskOnNewThread ??
        checkedFacet(members.asyncTaskOnNewThread, arguments, AsyncHelper)
      ).taskOnNewThread(first, toTask(second, 'AsyncHelper.task(newThread, task)'))
    }
    if (typeof first === 'string') {
      // Not declared by 0.0.5, but the runtime has it: dynamic code reaches it (typed in './v1').
      return runNamedTask(arguments, first, second)
    }
    return (
      (this as FacadeClass)?.[LINKED]?.asyncTaskOnExecutor ??
      checkedFacet(members.asyncTaskOnExecutor, arguments, AsyncHelper)
    ).taskOnExecutor(first as ExecutorService, toTask(second, 'AsyncHelper.task(executor, task)'))
  }

  /**
   * Declared by the 0.0.5 artifact, absent from the platform runtime: fails with `MissingMethodException`
   * (dynamic linkage) or `NoSuchMethodError` `tech.vendor.api.AsyncHelper.newForkJoinPool(I)Ljava/util/concurrent/ForkJoinPool;`
   * (static linkage).
   *
   * @deprecated Absent at runtime: use `AsyncHelper.task(runnable)`, or `supplyAsync` from the 1.0.0 series.
   * @param parallelism - The target parallelism.
   * @returns The pool, where a runtime has it.
   * @throws {@link MissingMethodException} under `dynamic` linkage.
   * @throws {@link NoSuchMethodError} under `static` linkage.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { AsyncHelper } from '@tech-vendor/api'
   *
   * // Compiles, but fails on the platform:
   * // const pool = AsyncHelper.newForkJoinPool(4)
   * AsyncHelper.task(() => console.log('use task instead'))
   * ```
   */
  static newForkJoinPool(parallelism: number): ForkJoinPool {
    return (
      (this as FacadeClass)?.[LINKED]?.newForkJoinPool ??
      checkedFacet(members.newForkJoinPool, arguments, AsyncHelper)
    ).newForkJoinPool(parallelism)
  }
}
