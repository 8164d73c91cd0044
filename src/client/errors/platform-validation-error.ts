import { nameClass } from './error-brand.js'
import { PlatformError } from './platform-error.js'

/**
 * A single create, update or delete failed validation: the platform answers it with HTTP 200 and the mutation
 * envelope's `status: "error"`, the reason in `message` (here `errMsg`) and nothing written. The client turns
 * that answer into this error, so that a failure never passes for a success. An object action whose logic
 * throws is answered the same way.
 *
 * @example
 * ```ts
 * import { createClient, PlatformValidationError } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
 * await client.login('admin', 'admin')
 * try {
 *   await client.data('Order').create({ status: null })
 * } catch (error) {
 *   if (PlatformValidationError.is(error)) console.log(error.status, error.errMsg) // 200, the validation message
 *   else throw error
 * }
 * ```
 */
export class PlatformValidationError extends PlatformError {
  static {
    nameClass(this, 'PlatformValidationError', { advice: 'Nothing was written.' })
  }

  /** The class's name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'PlatformValidationError'
}
