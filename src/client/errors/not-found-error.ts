import { nameClass } from './error-brand.js'
import { PlatformError } from './platform-error.js'

/**
 * What was asked for does not exist: errCode 1005 (`NotFound`), HTTP 404. The platform answers it for a user who does not exist at login; the emulator also for an unknown domain, object, service or webhook.
 *
 * @example
 * ```ts
 * import { createClient, NotFoundError } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
 * await client.login('admin', 'admin')
 * const order = await client.data('Order').get(42).catch((error: unknown) => {
 *   if (NotFoundError.is(error)) return null
 *   throw error
 * })
 * ```
 */
export class NotFoundError extends PlatformError {
  static {
    nameClass(this, 'NotFoundError', { errCode: 1005, advice: 'Check the names and ids.' })
  }

  /** The class's name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'NotFoundError'
}
