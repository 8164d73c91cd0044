import { nameClass } from './error-brand.js'
import { PlatformError } from './platform-error.js'

/**
 * The token could not be parsed: errCode 1012 (`TokenInvalid`), HTTP 401.
 *
 * @example
 * ```ts
 * import { createClient, TokenInvalidError } from '@tech-vendor/api/client'
 *
 * const client = createClient({
 *   baseUrl: 'http://127.0.0.1:8080/api',
 *   tokens: { accessToken: 'garbage', refreshToken: 'garbage' },
 * })
 * await client.userInfo().catch((error: unknown) => {
 *   if (TokenInvalidError.is(error)) return client.logout()
 *   throw error
 * })
 * ```
 */
export class TokenInvalidError extends PlatformError {
  static {
    nameClass(this, 'TokenInvalidError', { errCode: 1012, advice: 'Log in again.' })
  }

  /** The class's name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'TokenInvalidError'
}
