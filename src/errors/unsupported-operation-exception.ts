import { VendorApiError } from './vendor-api-error.js'

/**
 * Thrown when the bound runtime cannot perform an operation at all, such as `QueryHelper.withSql` on a store
 * that has no SQL engine. The message names what is needed.
 *
 * @example
 * ```ts
 * import { QueryHelper, UnsupportedOperationException } from '@tech-vendor/api'
 *
 * try {
 *   QueryHelper.withSql((sql) => sql.rows('select 1'))
 * } catch (error) {
 *   if (UnsupportedOperationException.is(error)) console.log('this host has no SQL store')
 * }
 * ```
 */
export class UnsupportedOperationException extends VendorApiError {
  /** Fully qualified name of the Java class this error stands for. */
  static override readonly javaClass: string = 'java.lang.UnsupportedOperationException'

  static {
    Object.defineProperty(this.prototype, 'name', {
      value: 'UnsupportedOperationException',
      configurable: true,
      writable: true,
    })
  }

  /** The Java class's simple name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'UnsupportedOperationException'
}
