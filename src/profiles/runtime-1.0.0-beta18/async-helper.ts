import { AsyncHelper as DeclaredAsyncHelper } from '../../api/async-helper.js'
import type { Runnable, Thread } from '../../model/java-types.js'
import type { AsyncHelper as SeriesOneAsyncHelper } from '../../v1/async-helper.js'

/**
 * `AsyncHelper` as a 0.0.5 plugin can use it on the platform runtime 1.0.0-beta18: `task(task)` returns the
 * `Thread` that runs it, `scheduleAtFixRate` is as declared, and the overloads the runtime lacks
 * (`task(boolean, Runnable)`, `task(ExecutorService, Runnable)`, `newForkJoinPool(int)`) do not exist.
 *
 * The runtime also has `task(threadName, task)` and `supplyAsync`, and the object carries them for dynamic code,
 * but they are 1.0.0-series API: a plugin that targets 0.0.5 does not type them (`vendor-api check` reports
 * them as `api-version`). Target the 1.0.0 series and import `AsyncHelper` from `'@tech-vendor/api/v1'` to
 * use them.
 *
 * The object is the package's one `AsyncHelper`: only its type differs under the runtime profile.
 *
 * @example
 * ```ts
 * // tsconfig.json: "compilerOptions": { "customConditions": ["tech-vendor-runtime-1.0.0-beta18"] }
 * import { AsyncHelper } from '@tech-vendor/api'
 *
 * const thread = AsyncHelper.task(() => console.log('exporting'))
 * await thread.join()
 * ```
 */
export interface AsyncHelper extends Pick<typeof SeriesOneAsyncHelper, 'scheduleAtFixRate'> {
  /**
   * Runs `task` once, asynchronously, and returns the thread that runs it: the runtime's method, which the
   * 0.0.5 artifact declares `void`.
   *
   * @deprecated Deprecated at runtime: the task carries the tenant and plugin context but not the logged-in
   * user.
   * @param task - What to run.
   * @returns The thread that runs the task: `join()` it to wait, `interrupt()` it to cancel a task that has
   * not started.
   * @example
   * ```ts
   * import { AsyncHelper } from '@tech-vendor/api'
   *
   * const thread = AsyncHelper.task(() => console.log('after the response'))
   * ```
   */
  task(task: Runnable): Thread
}

/**
 * Runs code asynchronously, typed as the platform runtime 1.0.0-beta18 has it; see the {@link AsyncHelper}
 * interface.
 *
 * @example
 * ```ts
 * import { AsyncHelper } from '@tech-vendor/api'
 *
 * const thread = AsyncHelper.task(() => console.log('runs'))
 * ```
 */
export const AsyncHelper: AsyncHelper = DeclaredAsyncHelper as unknown as AsyncHelper
