import { hasBrand, nameClass } from './error-brand.js'

/**
 * Why a request got no answer: `network` (the platform could not be reached, or the connection broke) or
 * `timeout` (no complete answer within the per-attempt `timeout` or the call's `totalTimeout`).
 *
 * @example
 * ```ts
 * import type { ConnectionFailure } from '@tech-vendor/api/client'
 *
 * const reason: ConnectionFailure = 'timeout'
 * ```
 */
export type ConnectionFailure = 'network' | 'timeout'

/**
 * What a {@link PlatformConnectionError} is made of.
 *
 * @example
 * ```ts
 * import { PlatformConnectionError, type PlatformConnectionErrorInit } from '@tech-vendor/api/client'
 *
 * const init: PlatformConnectionErrorInit = { reason: 'network', detail: 'connect ECONNREFUSED 127.0.0.1:8080' }
 * console.log(new PlatformConnectionError(init).message)
 * ```
 */
export interface PlatformConnectionErrorInit {
  /** Why there was no answer. */
  readonly reason: ConnectionFailure
  /** What happened, such as `connect ECONNREFUSED 127.0.0.1:8080` or `no answer within 30000 ms`. */
  readonly detail: string
  /** The request that got no answer, as `GET http://127.0.0.1:8080/api/data/Order`, without its query. */
  readonly request?: string | undefined
}

/**
 * A request got no answer from the platform: a network failure or a timeout. The client has already retried
 * where that is safe (GET, HEAD, OPTIONS; §12.4 of the spec), so this is the last attempt's failure.
 * A caller's own `signal` does not end in this error: an aborted call rejects with the signal's reason. It
 * carries no `cause`: the underlying failure's message is in its own, without any token.
 *
 * @example
 * ```ts
 * import { createClient, PlatformConnectionError } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api', timeout: 5_000 })
 * try {
 *   await client.login('admin', 'admin')
 * } catch (error) {
 *   if (PlatformConnectionError.is(error)) console.log(error.reason) // 'network' or 'timeout'
 *   else throw error
 * }
 * ```
 */
export class PlatformConnectionError extends Error {
  static {
    nameClass(this, 'PlatformConnectionError')
  }

  /** The class's name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'PlatformConnectionError'
  /** Why there was no answer. */
  declare readonly reason: ConnectionFailure
  /** The request that got no answer. */
  declare readonly request: string | undefined

  /**
   * @param init - Why, what happened, the request, the cause.
   */
  constructor(init: PlatformConnectionErrorInit) {
    super(
      `${init.request ?? 'A request'} got no answer: ${init.detail}. ` +
        (init.reason === 'timeout'
          ? 'Try again later, or raise timeout and totalTimeout.'
          : // A browser reports a cross-origin call its server did not allow as this same network error.
            "Check that the platform runs at baseUrl and, from a browser, allows this page's origin (CORS)."),
    )
    Object.assign(this, { reason: init.reason, request: init.request })
  }

  /**
   * The error as plain data, for logs and `JSON.stringify`.
   *
   * @returns `name`, `message`, `reason` and `request`.
   * @example
   * ```ts
   * import { PlatformConnectionError } from '@tech-vendor/api/client'
   *
   * const error = new PlatformConnectionError({ reason: 'timeout', detail: 'no answer within 10 ms' })
   * console.log(JSON.stringify(error)) // {"name":"PlatformConnectionError","message":"...","reason":"timeout"}
   * ```
   */
  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message, ...(this as object) }
  }

  /**
   * Tells whether a value is a `PlatformConnectionError` thrown by any copy of the package.
   *
   * @param value - Anything caught.
   * @returns `true` when `value` is such an error.
   * @example
   * ```ts
   * import { PlatformConnectionError } from '@tech-vendor/api/client'
   *
   * const caught: unknown = new PlatformConnectionError({ reason: 'network', detail: 'fetch failed' })
   * if (PlatformConnectionError.is(caught)) console.log('offline?', caught.reason)
   * ```
   */
  static is<E>(this: abstract new (...args: never[]) => E, value: unknown): value is E {
    return hasBrand(value, this)
  }

  /**
   * Routes `instanceof` through {@link PlatformConnectionError.is}, so that it works across package copies too.
   *
   * @param value - Anything caught.
   * @returns `true` when `value` is such an error.
   * @example
   * ```ts
   * import { PlatformConnectionError } from '@tech-vendor/api/client'
   *
   * const caught: unknown = new PlatformConnectionError({ reason: 'timeout', detail: 'no answer' })
   * console.log(caught instanceof PlatformConnectionError) // true, whichever copy threw it
   * ```
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return this.is(value)
  }
}
