import { nameClass } from './error-brand.js'
import { PlatformError } from './platform-error.js'

/**
 * A dynamic service refused an anonymous call because its `enableAnonymous` is false or unset: errorCode 11004 (`AnonymousInvocation`), defined as HTTP 403 and answered as HTTP 500. The client decides by the code, whatever the status, and never retries it.
 *
 * @example
 * ```ts
 * import { AnonymousInvocationError, createClient } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
 * try {
 *   await client.service('customer-summary')
 * } catch (error) {
 *   if (AnonymousInvocationError.is(error)) console.log(error.status) // 500, as the platform answers it
 *   else throw error
 * }
 * ```
 */
export class AnonymousInvocationError extends PlatformError {
  static {
    nameClass(this, 'AnonymousInvocationError', {
      errCode: 11004,
      advice: 'Log in first, or set enableAnonymous on the service.',
    })
  }

  /** The class's name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'AnonymousInvocationError'
}
