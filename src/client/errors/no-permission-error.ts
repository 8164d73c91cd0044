import { nameClass } from './error-brand.js'
import { PlatformError } from './platform-error.js'

/**
 * The request carried no token, or a user without the role, where a domain class checks its role requirements (`/data/...`, `/search/...`, actions): errCode 1004 (`NoPermission`), HTTP 403.
 *
 * @example
 * ```ts
 * import { createClient, NoPermissionError } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
 * await client.login('clerk', 'clerk')
 * try {
 *   await client.data('Order').delete(1)
 * } catch (error) {
 *   if (NoPermissionError.is(error)) console.log('only an administrator may delete orders')
 *   else throw error
 * }
 * ```
 */
export class NoPermissionError extends PlatformError {
  static {
    nameClass(this, 'NoPermissionError', {
      errCode: 1004,
      advice: 'Log in as a user with a role the domain requires.',
    })
  }

  /** The class's name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'NoPermissionError'
}
