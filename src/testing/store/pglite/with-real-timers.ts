import { clearTimeout as realClearTimeout, setTimeout as realSetTimeout } from 'node:timers'
import { runInNewContext } from 'node:vm'
import { isThenable } from '../../../api/is-thenable.js'

/**
 * The real clock, from a context of its own: a test may have faked `globalThis.Date` before it imported the
 * package (in a setup file, say), and fake timers patch only the main context. Only PGlite's own code sees it.
 */
const RealDate: unknown = runInNewContext('Date')

/** What a call into PGlite finds on `globalThis`. */
interface Clock {
  setTimeout: unknown
  clearTimeout: unknown
  Date: unknown
}

/**
 * Node's `setTimeout`, whose callback runs with the real clock too: PGlite's interval timers arm the next one
 * from their callback, which would otherwise land on a fake clock.
 */
const setRealTimeout = (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]): unknown =>
  realSetTimeout(() => withRealTimers(() => callback(...args)), ms)

/**
 * Runs `fn` with Node's own `setTimeout`, `clearTimeout` and `Date` on `globalThis` (a test may have faked
 * them), and puts back what was there when it returns, or, for a promise (PGlite's start and stop), when that
 * settles. PGlite arms its timers with the global functions and computes their delays from the global clock:
 * under fake timers they would land on the fake clock, where `vi.runAllTimers()` would run them again and
 * again. A timer armed here runs its callback with the real clock as well.
 *
 * @param fn - The call.
 * @returns What `fn` returns.
 * @internal
 */
export function withRealTimers<T>(fn: () => T): T {
  const global = globalThis as unknown as Clock
  const was: Clock = { setTimeout: global.setTimeout, clearTimeout: global.clearTimeout, Date: global.Date }
  if (was.setTimeout === setRealTimeout) return fn() // already inside
  global.setTimeout = setRealTimeout
  global.clearTimeout = realClearTimeout
  global.Date = RealDate
  let result: T
  try {
    result = fn()
  } catch (error) {
    restore(was)
    throw error
  }
  if (!isThenable(result)) {
    restore(was)
    return result
  }
  return Promise.resolve(result).finally(() => restore(was)) as T
}

/** Puts back on `globalThis` what {@link withRealTimers} found there. */
function restore(was: Clock): void {
  const global = globalThis as unknown as Clock
  global.setTimeout = was.setTimeout
  global.clearTimeout = was.clearTimeout
  global.Date = was.Date
}
