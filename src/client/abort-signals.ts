/** The longest delay `setTimeout` keeps: a longer one would fire at once. */
const LONGEST_TIMER = 2_147_483_647

/**
 * A signal that aborts when `parent` does (with its reason) or when `ms` have passed (with `reason()`), made
 * with a timer of our own rather than `AbortSignal.timeout`, so that fake timers in a caller's tests drive it.
 * `dispose()` clears the timer and the listener, so that a long-lived parent does not collect listeners.
 *
 * @internal
 */
export function deadline(
  parent: AbortSignal | undefined,
  ms: number,
  reason: () => unknown,
): { readonly signal: AbortSignal; dispose(): void } {
  const controller = new AbortController()
  const follow = (): void => controller.abort(parent?.reason)
  if (parent?.aborted) follow()
  else parent?.addEventListener('abort', follow)
  const timer = ms < LONGEST_TIMER ? setTimeout(() => controller.abort(reason()), ms) : undefined
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer)
      parent?.removeEventListener('abort', follow)
    },
  }
}

/**
 * Settles as `promise` does, or rejects with the signal's reason as soon as it aborts, so that a timeout holds
 * even where an injected `fetch` ignores its signal.
 *
 * @internal
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // The reason the signal was aborted with, as the global fetch rejects.
    const stop = (): void => reject(signal.reason as Error)
    if (signal.aborted) stop()
    signal.addEventListener('abort', stop)
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop))
  })
}

/**
 * Waits `ms`, or rejects with the signal's reason as soon as it aborts.
 *
 * @internal
 */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const end = (): void => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', stop)
    }
    const stop = (): void => {
      end()
      reject(signal?.reason as Error)
    }
    const timer = setTimeout(() => {
      end()
      resolve()
    }, ms)
    if (signal?.aborted) stop()
    else signal?.addEventListener('abort', stop)
  })
}
