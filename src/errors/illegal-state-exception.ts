import { VendorApiError } from './vendor-api-error.js'

/**
 * Thrown when a call comes at a time the platform cannot serve it: above all, a call to a host-backed member
 * while no runtime is bound (the Java artifact's stubs throw the same).
 *
 * @example
 * ```ts
 * import { IllegalStateException, StorageUtils } from '@tech-vendor/api'
 *
 * try {
 *   StorageUtils.createStorageFileDomain('a.txt', 'text/plain', 'hello')
 * } catch (error) {
 *   if (!IllegalStateException.is(error)) throw error
 *   // "StorageUtils.createStorageFileDomain is not available: no runtime is bound. ..."
 * }
 * ```
 */
export class IllegalStateException extends VendorApiError {
  /** Fully qualified name of the Java class this error stands for. */
  static override readonly javaClass: string = 'java.lang.IllegalStateException'

  static {
    Object.defineProperty(this.prototype, 'name', {
      value: 'IllegalStateException',
      configurable: true,
      writable: true,
    })
  }

  /** The Java class's simple name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'IllegalStateException'
}
