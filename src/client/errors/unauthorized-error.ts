import { nameClass } from './error-brand.js'
import { PlatformError } from './platform-error.js'

/**
 * The request carried no token where login is required (`/auth/userInfo`, `/permissions/...`): errCode 1008 (`Unauthorized`), HTTP 401.
 *
 * @example
 * ```ts
 * import { createClient, UnauthorizedError } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
 * try {
 *   await client.userInfo()
 * } catch (error) {
 *   if (UnauthorizedError.is(error)) console.log('show the login page')
 *   else throw error
 * }
 * ```
 */
export class UnauthorizedError extends PlatformError {
  static {
    nameClass(this, 'UnauthorizedError', {
      errCode: 1008,
      advice: 'Log in first, or pass the tokens of an earlier login to createClient.',
    })
  }

  /** The class's name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'UnauthorizedError'
}
