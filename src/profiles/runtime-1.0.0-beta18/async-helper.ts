import { AsyncHelper as DeclaredAsyncHelper } from '../../api/async-helper.js'
import type { AsyncHelper as SeriesOneAsyncHelper } from '../../v1/async-helper.js'

/**
 * What the runtime profile types on the root entry's `AsyncHelper`: the runtime's methods, which the 0.0.5
 * facade dispatches (`supplyAsync` is on the object though 0.0.5 does not declare it, as `pushMessage` is).
 */
type RuntimeMethods = 'scheduleAtFixRate' | 'task' | 'supplyAsync'

/**
 * `AsyncHelper` as the platform runtime 1.0.0-beta18 has it: `task(task)` returns the `Thread` that runs it,
 * `task(threadName, task)` exists, and the overloads the runtime lacks (`task(boolean, Runnable)`,
 * `task(ExecutorService, Runnable)`, `newForkJoinPool(int)`) do not. These are the 1.0.0 series'
 * declarations, with their documentation, `supplyAsync` included.
 *
 * The object is the package's one `AsyncHelper`: only its type differs under the runtime profile.
 *
 * @example
 * ```ts
 * // tsconfig.json: "compilerOptions": { "customConditions": ["tech-vendor-runtime-1.0.0-beta18"] }
 * import { AsyncHelper } from '@tech-vendor/api'
 *
 * const thread = AsyncHelper.task('export', () => console.log('exporting'))
 * await thread.join()
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- names the runtime's shape for hovers and the checker
export interface AsyncHelper extends Pick<typeof SeriesOneAsyncHelper, RuntimeMethods> {}

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
