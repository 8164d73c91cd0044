import { VendorApiError } from './vendor-api-error.js'

/**
 * Thrown when an argument is of the wrong type or out of range: a negative paging offset, a null
 * `iLike` pattern, a bare id where a DOMAIN_OBJECT condition needs the object. The message names the
 * argument and says what to pass instead.
 *
 * @example
 * ```ts
 * import { IllegalArgumentException, SimpleQuery } from '@tech-vendor/api'
 *
 * try {
 *   SimpleQuery.of('Order').list(-1, 10)
 * } catch (error) {
 *   if (IllegalArgumentException.is(error)) console.log(error.message)
 * }
 * ```
 */
export class IllegalArgumentException extends VendorApiError {
  /** Fully qualified name of the Java class this error stands for. */
  static override readonly javaClass: string = 'java.lang.IllegalArgumentException'

  static {
    Object.defineProperty(this.prototype, 'name', {
      value: 'IllegalArgumentException',
      configurable: true,
      writable: true,
    })
  }

  /** The Java class's simple name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'IllegalArgumentException'
}
