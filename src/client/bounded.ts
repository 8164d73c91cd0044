/** The longest delay `setTimeout` keeps: a longer one would fire at once. */
const LONGEST_TIMER = 2_147_483_647

/**
 * Runs `run` with a signal of its own and settles as it does, or sooner: with the reason of `parent` as soon as
 * that aborts, or after `ms` with the reason `expire()` gives (with `undefined`, resolved, when there is no
 * `expire`). The signal `run` gets aborts with the same reason, and the promise settles even where `run` ignores
 * it (an injected `fetch` may). The timer is its own rather than `AbortSignal.timeout`, so that fake timers in a
 * caller's tests drive it; timer and listener are cleared once the promise settles, so that a long-lived parent
 * does not collect listeners.
 *
 * @internal
 */
export function bounded<T>(
  parent: AbortSignal | undefined,
  ms: number,
  run: (signal: AbortSignal) => Promise<T>,
  expire?: () => unknown,
): Promise<T> {
  const controller = new AbortController()
  const { signal } = controller
  const follow = (): void => controller.abort(parent?.reason)
  let timer: ReturnType<typeof setTimeout> | undefined
  return new Promise<T>((resolve, reject) => {
    // The reason the signal was aborted with, as the global fetch rejects.
    signal.addEventListener('abort', () => reject(signal.reason as Error))
    if (parent?.aborted) return follow()
    parent?.addEventListener('abort', follow)
    if (ms < LONGEST_TIMER)
      timer = setTimeout(() => (expire ? controller.abort(expire()) : resolve(undefined as T)), ms)
    run(signal).then(resolve, reject)
  }).finally(() => {
    clearTimeout(timer)
    parent?.removeEventListener('abort', follow)
  })
}

/**
 * Waits `ms`, or rejects with the signal's reason as soon as it aborts. A wait longer than one timer can hold
 * (24.8 days, which a `Retry-After` may ask for) is made of several timers.
 *
 * @internal
 */
export const sleep = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  ms < LONGEST_TIMER
    ? // Nothing to run: only the timer or the signal settles it.
      bounded(signal, ms, () => new Promise<void>(() => undefined))
    : sleep(LONGEST_TIMER - 1, signal).then(() => sleep(ms - LONGEST_TIMER + 1, signal))
