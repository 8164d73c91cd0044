/**
 * The platform's error codes (the seed document's Errors part) with the HTTP status each is answered with, plus
 * the emulator's own for what the document does not cover (a route it does not serve, an unexpected failure).
 *
 * @module
 * @internal
 */
export const ERROR_CODES = {
  UserPasswordMismatch: { errCode: 1010, status: 400 },
  NotFound: { errCode: 1005, status: 404 },
  Unauthorized: { errCode: 1008, status: 401 },
  NoPermission: { errCode: 1004, status: 403 },
  TokenInvalid: { errCode: 1012, status: 401 },
  IllegalArgument: { errCode: 1001, status: 400 },
  TokenExpired: { errCode: 1006, status: 401 },
  // Defined as 403 on the platform, answered as 500: callers decide by `errorCode`, not by the status.
  AnonymousInvocation: { errCode: 11004, status: 500 },
  // The emulator's own: the document lists no other code.
  NotImplemented: { errCode: 501, status: 501 },
  MethodNotAllowed: { errCode: 405, status: 405 },
  InternalError: { errCode: 500, status: 500 },
} as const

/** The name of an error code, as `errMsg` spells it (`ErrorMsg: NoPermission`). */
export type ErrorName = keyof typeof ERROR_CODES

/**
 * An error answered on the wire. Route code throws it; the app turns it into the platform's body: the common
 * shape `{success: false, errCode, errMsg}` with `errMsg` as `ErrorCode: <code>, ErrorMsg: <name>, <detail>`,
 * or the dynamic-service dialect `{msg, errorCode}`.
 */
export class WireError extends Error {
  readonly errorName: ErrorName
  readonly detail: string
  /** The HTTP status: the code's own unless a rule of the document says otherwise (a body too large: 413). */
  readonly status: number
  readonly dialect: 'common' | 'service'

  constructor(
    errorName: ErrorName,
    detail: string,
    options: {
      readonly status?: number
      readonly dialect?: 'common' | 'service'
      readonly cause?: unknown
    } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'WireError'
    this.errorName = errorName
    this.detail = detail
    this.status = options.status ?? ERROR_CODES[errorName].status
    this.dialect = options.dialect ?? 'common'
  }

  /** The JSON body, keys in the platform's order. */
  body(): Record<string, unknown> {
    const { errCode } = ERROR_CODES[this.errorName]
    if (this.dialect === 'service') return { msg: this.detail, errorCode: errCode }
    return {
      success: false,
      errCode,
      errMsg: `ErrorCode: ${errCode}, ErrorMsg: ${this.errorName}, ${this.detail}`,
    }
  }

  /** The same error in the dynamic-service dialect. */
  asService(): WireError {
    return new WireError(this.errorName, this.detail, {
      status: this.status,
      dialect: 'service',
      cause: this.cause,
    })
  }
}
