import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'
import type { Runnable } from './java-types.js'

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
  if (typeof runnable === 'object' && runnable !== null && typeof (runnable as { run?: unknown }).run === 'function') {
    return () => (runnable as { run(): void }).run()
  }
  throw new IllegalArgumentException(
    `${where} expects a Runnable: a function or an object with a run() method, got ${describe(runnable)}.`,
  )
}

/** A short description of a value's type for error messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object without run()'
  return `${typeof value} ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`
}

export type { Runnable }
