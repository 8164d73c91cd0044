import { nameClass } from './error-brand.js'
import { PlatformError } from './platform-error.js'

/**
 * The password was wrong at login: errCode 1010 (`UserPasswordMismatch`), HTTP 400.
 *
 * @example
 * ```ts
 * import { createClient, UserPasswordMismatchError } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
 * try {
 *   await client.login('admin', 'not-the-password')
 * } catch (error) {
 *   if (!UserPasswordMismatchError.is(error)) throw error
 *   console.log('wrong password')
 * }
 * ```
 */
export class UserPasswordMismatchError extends PlatformError {
  static {
    nameClass(this, 'UserPasswordMismatchError', {
      errCode: 1010,
      advice: 'Check the username and password.',
    })
  }

  /** The class's name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'UserPasswordMismatchError'
}
