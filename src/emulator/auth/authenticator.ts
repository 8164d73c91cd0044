import type { IncomingCall } from '../wire/incoming-call.js'
import type { RequestUser } from '../logic/logic-request.js'
import { findToken, type FoundToken } from './token-sources.js'
import type { TokenService } from './token-service.js'
import type { UserDirectory } from './user-directory.js'
import { WireError } from '../wire/wire-error.js'

/**
 * What an endpoint requires of the caller:
 * - `login`: a token; without one, 401 with errCode 1008 (as `/auth/userInfo` and `/permissions/...`);
 * - `domain`: a token, then the domain's role requirements; without one, 403 with errCode 1004 (as `/data/...`);
 * - `optional`: anonymous callers get through as `null` (dynamic services decide for themselves, webhooks).
 *
 * @internal
 */
export type Access = 'login' | 'domain' | 'optional'

/**
 * Finds who calls: the token from the request's sources, verified, and the user it names. As on the platform,
 * neither a disabled account nor a password changed since the token was issued stops it.
 *
 * @internal
 */
export class Authenticator {
  readonly #tokens: TokenService
  readonly #users: UserDirectory

  constructor(tokens: TokenService, users: UserDirectory) {
    this.#tokens = tokens
    this.#users = users
  }

  /**
   * The caller of a request, or `null` for an anonymous caller where `access` is `optional`: at once for a token
   * that verified before (as nearly every request's has), else a promise of it. Await it either way.
   *
   * @throws WireError for a missing token (1008 or 1004 by `access`), a token in a form body (1001: the
   *   platform's form-body source does not work), or a token that does not verify (1012, 1001, 1006).
   */
  caller(call: IncomingCall, access: 'login' | 'domain'): RequestUser | Promise<RequestUser>
  caller(call: IncomingCall, access: 'optional'): RequestUser | null | Promise<RequestUser | null>
  caller(call: IncomingCall, access: Access): RequestUser | null | Promise<RequestUser | null> {
    const found = findToken(call)
    return found instanceof Promise
      ? found.then((token) => this.#callerOf(call, access, token))
      : this.#callerOf(call, access, found)
  }

  #callerOf(
    call: IncomingCall,
    access: Access,
    found: FoundToken | undefined,
  ): RequestUser | null | Promise<RequestUser | null> {
    if (found === undefined) {
      if (access === 'login') {
        throw new WireError(
          'Unauthorized',
          `${call.route} requires login: send the access token as Authorization: Bearer <access_token> (POST /api/auth/login gives one).`,
        )
      }
      if (access === 'domain') {
        throw new WireError(
          'NoPermission',
          `${call.route} checks the role requirements of the domain class, and the request carries no token: send Authorization: Bearer <access_token>.`,
        )
      }
      return null
    }
    if (found.source === 'form') {
      throw new WireError(
        'IllegalArgument',
        'the token signature is invalid: a token in a form-encoded body (access_token=...) does not work on the platform. ' +
          'Send it as Authorization: Bearer <access_token>, as the access_token URL parameter, or as the access_token cookie.',
      )
    }
    const user = this.userOf(found.token)
    if (user instanceof Promise) return user.then((verified) => (call.caller = verified))
    call.caller = user
    return user
  }

  /**
   * The user a token names: at once for a token that verified before, else a promise of it.
   *
   * @throws WireError when the token does not verify, or names a user who does not exist (1012).
   */
  userOf(token: string): RequestUser | Promise<RequestUser> {
    const username = this.#tokens.remembered(token)
    if (username !== undefined) return this.#userNamed(username)
    return this.#tokens.verify(token).then((verified) => this.#userNamed(verified))
  }

  #userNamed(username: string): RequestUser {
    const user = this.#users.caller(username)
    if (user === undefined) {
      throw new WireError(
        'TokenInvalid',
        `the token names the user ${JSON.stringify(username)}, who does not exist here; log in again.`,
      )
    }
    return user
  }
}
