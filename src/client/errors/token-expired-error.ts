import { nameClass } from './error-brand.js'
import { PlatformError } from './platform-error.js'

/**
 * The token has expired: errCode 1006 (`TokenExpired`), HTTP 401. The client meets it by refreshing once and sending the request again, so a caller sees it only when the refresh token was refused too (it expires where `security.jwt.refreshExpiration` is set).
 *
 * @example
 * ```ts
 * import { createClient, TokenExpiredError } from '@tech-vendor/api/client'
 *
 * const client = createClient({
 *   baseUrl: 'http://127.0.0.1:8080/api',
 *   tokens: { accessToken: 'stored-access-token', refreshToken: 'stored-refresh-token' },
 * })
 * try {
 *   await client.data('Order').list()
 * } catch (error) {
 *   if (TokenExpiredError.is(error)) await client.logout() // then show the login page
 *   else throw error
 * }
 * ```
 */
export class TokenExpiredError extends PlatformError {
  static {
    nameClass(this, 'TokenExpiredError', { errCode: 1006, advice: 'A refresh did not help: log in again.' })
  }

  /** The class's name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'TokenExpiredError'
}
