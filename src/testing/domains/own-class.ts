import type { Class } from '../../model/java-types.js'

/** The class an object was made by, when it is not a plain object. */
export function ownClass(object: object): Class<unknown> | undefined {
  const prototype = Object.getPrototypeOf(object) as { constructor?: unknown } | null
  if (prototype === null || prototype === Object.prototype) return undefined
  const constructor = prototype.constructor
  return typeof constructor === 'function' ? (constructor as Class<unknown>) : undefined
}
