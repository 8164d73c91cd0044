import { readBody, type Received } from '../received.js'
import { redactTokens } from '../redact-tokens.js'
import { AnonymousInvocationError } from './anonymous-invocation-error.js'
import { IllegalArgumentError } from './illegal-argument-error.js'
import { NoPermissionError } from './no-permission-error.js'
import { NotFoundError } from './not-found-error.js'
import { PlatformError } from './platform-error.js'
import { PlatformValidationError } from './platform-validation-error.js'
import { TokenExpiredError } from './token-expired-error.js'
import { TokenInvalidError } from './token-invalid-error.js'
import { UnauthorizedError } from './unauthorized-error.js'
import { UserPasswordMismatchError } from './user-password-mismatch-error.js'

/** One class per error code the platform documents. */
const CODED: readonly (typeof PlatformError)[] = [
  UserPasswordMismatchError,
  NotFoundError,
  UnauthorizedError,
  NoPermissionError,
  TokenInvalidError,
  IllegalArgumentError,
  TokenExpiredError,
  AnonymousInvocationError,
]

/**
 * The platform's error code in an answer's body: `errCode` in the common shape `{success, errCode, errMsg}`,
 * `errorCode` in the dynamic-service dialect `{msg, errorCode}`.
 *
 * @internal
 */
export function errorCodeOf(body: unknown): number | undefined {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const code = fields['errCode'] ?? fields['errorCode']
  return typeof code === 'number' ? code : undefined
}

/**
 * The error for an answer the platform refused: the class of its code (whatever the HTTP status, so 11004 is an
 * `AnonymousInvocationError` although it comes as HTTP 500), or `PlatformValidationError` for a mutation
 * envelope with `status: "error"`. The body is read from the answer's text after every token in it is replaced
 * by `[token]` (the secrets given, and anything written as a token), and so is the request.
 *
 * @internal
 */
export function errorForAnswer(
  received: Received,
  request: string,
  secrets: readonly (string | undefined)[],
  validation = false,
): PlatformError {
  const body = readBody({ ...received, text: redactTokens(received.text, secrets) })
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const errCode = validation ? undefined : errorCodeOf(body)
  const message = fields['errMsg'] ?? fields['msg'] ?? fields['message']
  const Type = validation
    ? PlatformValidationError
    : (CODED.find((type) => type.errCode === errCode) ?? PlatformError)
  return new Type({
    status: received.status,
    errCode,
    errMsg:
      typeof message === 'string'
        ? message
        : typeof body === 'string'
          ? body.slice(0, 300)
          : `HTTP ${received.status}, no message`,
    body,
    request: redactTokens(request, secrets),
  })
}
