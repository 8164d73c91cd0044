import { hasBrand, nameClass } from './error-brand.js'

/**
 * What a {@link PlatformError} is made of: the platform's answer to one request.
 *
 * @example
 * ```ts
 * import { PlatformError, type PlatformErrorInit } from '@tech-vendor/api/client'
 *
 * const init: PlatformErrorInit = { status: 502, errMsg: 'Bad Gateway', request: 'GET /api/data/Order' }
 * console.log(new PlatformError(init).message)
 * ```
 */
export interface PlatformErrorInit {
  /** The HTTP status of the answer. */
  readonly status: number
  /** The platform's error code (`errCode`, or `errorCode` in the dynamic-service dialect); the class's own when absent. */
  readonly errCode?: number | undefined
  /** The platform's message (`errMsg`, `msg`, or the validation `message`). */
  readonly errMsg: string
  /** The answer's body: the parsed JSON, or its text. */
  readonly body?: unknown
  /** The request that got the answer, as `GET http://127.0.0.1:8080/api/data/Order`, without its query. */
  readonly request?: string | undefined
}

/**
 * The platform refused a request: an HTTP error status, or (for {@link PlatformValidationError}) HTTP 200 with
 * `status: "error"`. One subclass stands for each error code the platform documents (`NotFoundError` for 1005,
 * `TokenExpiredError` for 1006, ...); another code (such as the emulator's 501) is a `PlatformError` itself.
 *
 * Recognise an error with the static guard `is()` (`NoPermissionError.is(error)`), which works across copies of
 * the package where `instanceof` alone would not; `instanceof` is routed through the same guard. No error of the
 * client carries a token: not in its message, its `body`, its `cause` or its `toJSON()`.
 *
 * @example
 * ```ts
 * import { createClient, NoPermissionError, PlatformError } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
 * try {
 *   await client.data('Order').delete(1)
 * } catch (error) {
 *   if (NoPermissionError.is(error)) console.log('not allowed:', error.errMsg)
 *   else if (PlatformError.is(error)) console.log(error.status, error.errCode)
 *   else throw error
 * }
 * ```
 */
export class PlatformError extends Error {
  /** The error code this class stands for; `undefined` for `PlatformError` itself, which takes any code. */
  declare static readonly errCode: number | undefined
  /** What a caller should do about this error, the end of its message; `undefined` where the answer says it. */
  declare static readonly advice: string | undefined

  static {
    nameClass(this, 'PlatformError')
  }

  /** The class's name: a stable `name` that survives minification and package copies. */
  declare readonly name: string
  /** The HTTP status of the answer (200 for a validation failure). */
  declare readonly status: number
  /** The platform's error code, such as 1004; `undefined` when the answer carried none. */
  declare readonly errCode: number | undefined
  /** The platform's message. */
  declare readonly errMsg: string
  /** The answer's body (parsed JSON, or text), with any token replaced by `[token]`. */
  declare readonly body: unknown
  /** The request that got the answer, as `DELETE http://127.0.0.1:8080/api/data/Order/1`. */
  declare readonly request: string | undefined

  /**
   * @param init - The answer: status, code, message, body, request.
   */
  constructor(init: PlatformErrorInit) {
    const type = new.target
    const errCode = init.errCode ?? type.errCode
    super(
      `${init.request ?? 'A request'} was answered HTTP ${init.status}` +
        `${errCode === undefined ? '' : ` with errCode ${errCode}`}: ${init.errMsg}` +
        (type.advice === undefined ? '' : `${/[.!?]$/.test(init.errMsg) ? '' : '.'} ${type.advice}`),
    )
    Object.assign(this, init, { errCode })
  }

  /**
   * The error as plain data, for logs and `JSON.stringify`.
   *
   * @returns `name`, `message`, `status`, `errCode`, `errMsg`, `body` and `request`.
   * @example
   * ```ts
   * import { PlatformError } from '@tech-vendor/api/client'
   *
   * const error = new PlatformError({ status: 501, errCode: 501, errMsg: 'not served' })
   * console.log(JSON.stringify(error)) // {"name":"PlatformError","message":"...","status":501,...}
   * ```
   */
  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message, ...(this as object) }
  }

  /**
   * Tells whether a value is an error of this class or of one of its subclasses, thrown by any copy of the
   * package.
   *
   * @param value - Anything caught.
   * @returns `true` when `value` is such an error.
   * @example
   * ```ts
   * import { TokenExpiredError } from '@tech-vendor/api/client'
   *
   * const caught: unknown = new TokenExpiredError({ status: 401, errMsg: 'expired' })
   * if (TokenExpiredError.is(caught)) console.log('log in again:', caught.errMsg)
   * ```
   */
  static is<E>(this: abstract new (...args: never[]) => E, value: unknown): value is E {
    return hasBrand(value, this)
  }

  /**
   * Routes `instanceof` through {@link PlatformError.is}, so that it works across package copies too.
   *
   * @param value - Anything caught.
   * @returns `true` when `value` is such an error.
   * @example
   * ```ts
   * import { NotFoundError, PlatformError } from '@tech-vendor/api/client'
   *
   * const caught: unknown = new NotFoundError({ status: 404, errMsg: 'no such order' })
   * console.log(caught instanceof PlatformError) // true, whichever copy threw it
   * ```
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return this.is(value)
  }
}
