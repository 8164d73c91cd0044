import { readBody, type Received } from '../received.js'
import { redactDecoded, redactTokens } from '../redact-tokens.js'
import { AnonymousInvocationError } from './anonymous-invocation-error.js'
import { IllegalArgumentError } from './illegal-argument-error.js'
import { NoPermissionError } from './no-permission-error.js'
import { NotFoundError } from './not-found-error.js'
import { PlatformError } from './platform-error.js'
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
 * The error for an answer the platform refused: of the class given (`PlatformValidationError` for a mutation
 * envelope with `status: "error"`), or else of the class of its code, whatever the HTTP status (so 11004 is an
 * `AnonymousInvocationError` although it comes as HTTP 500). The code is `errCode` in the common shape
 * `{success, errCode, errMsg}`, `errorCode` in the dynamic-service dialect `{msg, errorCode}`. The body is read
 * from the answer's text after every token in it is replaced by `[token]` (the secrets given, and anything
 * written as a token), and redacted again once decoded, where a token spelled with `\u` escapes shows.
 *
 * @internal
 */
export function errorForAnswer(
  received: Received,
  request: string,
  secrets: readonly (string | undefined)[],
  type?: typeof PlatformError,
): PlatformError {
  const { status } = received
  // Redacted as text and again once decoded: JSON can spell a token with \u escapes that only decoding reveals.
  const body = redactDecoded(readBody({ ...received, text: redactTokens(received.text, secrets) }), secrets)
  // Text, a number or nothing has none of these fields.
  const fields = body as Partial<Record<string, unknown>> | null | undefined
  const code = fields?.['errCode'] ?? fields?.['errorCode']
  const errCode = typeof code === 'number' ? code : undefined
  const message = fields?.['errMsg'] ?? fields?.['msg'] ?? fields?.['message']
  const Type = type ?? CODED.find((coded) => coded.errCode === errCode) ?? PlatformError
  return new Type({
    status,
    errCode,
    errMsg:
      typeof message === 'string'
        ? message
        : typeof body === 'string'
          ? body.slice(0, 300)
          : `HTTP ${status}, no message`,
    body,
    request,
  })
}
