import { clearTimeout as realClearTimeout, setTimeout as realSetTimeout } from 'node:timers'
import { isThenable } from '../../../api/is-thenable.js'

/**
 * Runs `fn` with Node's own `setTimeout` and `clearTimeout` on `globalThis` (a test may have faked them), and
 * puts back what was there when it returns, or, for a promise (PGlite's start and stop), when that settles.
 * PGlite arms its timers with the global functions: under fake timers they would land on the fake clock.
 *
 * @param fn - The call.
 * @returns What `fn` returns.
 * @internal
 */
export function withRealTimers<T>(fn: () => T): T {
  const global = globalThis as { setTimeout: unknown; clearTimeout: unknown }
  const set = global.setTimeout
  const clear = global.clearTimeout
  if (set === realSetTimeout && clear === realClearTimeout) return fn()
  global.setTimeout = realSetTimeout
  global.clearTimeout = realClearTimeout
  const restore = (): void => {
    global.setTimeout = set
    global.clearTimeout = clear
  }
  let result: T
  try {
    result = fn()
  } catch (error) {
    restore()
    throw error
  }
  if (!isThenable(result)) {
    restore()
    return result
  }
  return Promise.resolve(result).finally(restore) as T
}
