/**
 * Whether a value is a promise or another thenable: what the host waits for, and what a synchronous API
 * refuses to be handed.
 *
 * @param value - Anything.
 * @returns `true` when it has a `then` method.
 * @internal
 */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  )
}
