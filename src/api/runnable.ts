import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'
import { describeValue } from './argument-checks.js'

/**
 * The plain function a host receives for a plugin's `Runnable`: the function itself, or the object's `run`
 * bound to the object.
 *
 * @param runnable - What the plugin passed.
 * @param where - The member and parameter, for the error message.
 * @throws {@link IllegalArgumentException} when `runnable` is neither form.
 */
export function toTask(runnable: unknown, where: string): () => void {
  if (typeof runnable === 'function') return runnable as () => void
  if (
    typeof runnable === 'object' &&
    runnable !== null &&
    typeof (runnable as { run?: unknown }).run === 'function'
  ) {
    return () => (runnable as { run(): void }).run()
  }
  throw new IllegalArgumentException(
    `${where} expects a Runnable: a function or an object with a run() method, got ${describeValue(runnable)}.`,
  )
}
