import { nameClass } from './error-brand.js'
import { PlatformError } from './platform-error.js'

/**
 * The platform refused an argument: errCode 1001 (`IllegalArgument`), HTTP 400. It answers it for a token whose signature is wrong (another `security.jwt.secret`); the emulator also for a malformed body, page or id, and for a batch update that fails validation (nothing is written).
 *
 * @example
 * ```ts
 * import { createClient, IllegalArgumentError } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
 * await client.login('admin', 'admin')
 * try {
 *   await client.data('Order').batchUpdate([{ id: 1, status: null }])
 * } catch (error) {
 *   if (IllegalArgumentError.is(error)) console.log('nothing was written:', error.errMsg)
 *   else throw error
 * }
 * ```
 */
export class IllegalArgumentError extends PlatformError {
  static {
    nameClass(this, 'IllegalArgumentError', {
      errCode: 1001,
      advice: 'Check the parameters, or log in again.',
    })
  }

  /** The class's name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'IllegalArgumentError'
}
