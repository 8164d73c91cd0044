import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import { isPlainObject } from '../wire/is-plain-object.js'
import type { RequestUser } from '../logic/logic-request.js'
import { WireError } from '../wire/wire-error.js'
import { jsonResponse } from '../wire/wire-response.js'

/**
 * What every answer holding tokens carries, as RFC 6749 §5.1 asks of a token response: no cache (a browser's,
 * a proxy's) may keep it, so the tokens are not found later on disk or served to someone else.
 */
const TOKEN_ANSWER_HEADERS = { 'cache-control': 'no-store', pragma: 'no-cache' } as const

/** A JSON answer holding tokens: {@link jsonResponse} with {@link TOKEN_ANSWER_HEADERS}. */
function tokenResponse(body: Record<string, unknown>): Response {
  const response = jsonResponse(body)
  for (const [name, value] of Object.entries(TOKEN_ANSWER_HEADERS)) response.headers.set(name, value)
  return response
}

/**
 * The authentication endpoints: `POST /auth/login` (JSON body), `POST /auth/access_token` (refresh, form body
 * only), `GET /auth/userInfo` (a new pair whose refresh token never expires) and `POST /auth/logout` (always 403).
 *
 * @internal
 */
export function authRoutes(app: EmulatorApp, parts: EmulatorParts): void {
  const { users, tokens, auth } = parts

  /** The login response, fields in the document's order. */
  const loginResponse = (
    user: RequestUser,
    accessToken: string,
    refreshToken: string,
  ): Record<string, unknown> => ({
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: 'Bearer',
    expires_in: tokens.expiresIn,
    username: user.username,
    roles: user.roles,
    id: user.id,
    name: user.name,
    avatar: null,
    extInfo: null,
  })

  app.post('/auth/login', async (c) => {
    const call = c.get('call')
    const body = await call.json()
    const { username, password } = isPlainObject(body) ? body : {}
    if (typeof username !== 'string' || typeof password !== 'string') {
      throw new WireError(
        'IllegalArgument',
        'POST /api/auth/login takes the JSON body {"username": "...", "password": "..."}.',
      )
    }
    const user = users.caller(username)
    // Like the platform, login does not look at whether the account is enabled.
    if (user === undefined)
      throw new WireError('NotFound', `the user ${JSON.stringify(username)} does not exist.`)
    if (!users.passwordMatches(username, password))
      throw new WireError('UserPasswordMismatch', `the password of ${JSON.stringify(username)} is wrong.`)
    const pair = await tokens.issuePair(username, 'setting')
    call.caller = user
    return tokenResponse(loginResponse(user, pair.accessToken, pair.refreshToken))
  })

  app.post('/auth/access_token', async (c) => {
    const call = c.get('call')
    if (!call.isForm) {
      throw new WireError(
        'IllegalArgument',
        `POST /api/auth/access_token takes a form-encoded body (Content-Type: application/x-www-form-urlencoded) with grant_type=refresh_token and refresh_token=<token>, not ${call.contentType === '' ? 'no content type' : call.contentType}.`,
      )
    }
    const form = await call.form()
    if (form['grant_type'] !== 'refresh_token') {
      throw new WireError(
        'IllegalArgument',
        `grant_type must be refresh_token, got ${form['grant_type'] === undefined ? 'none' : JSON.stringify(form['grant_type'])}.`,
      )
    }
    const refreshToken = form['refresh_token']
    if (refreshToken === undefined || refreshToken === '')
      throw new WireError(
        'IllegalArgument',
        'the form has no refresh_token: send the refresh_token the login gave.',
      )
    const user = await auth.userOf(refreshToken)
    call.caller = user
    // The response's refresh_token is the one sent, as on the platform.
    return tokenResponse(loginResponse(user, await tokens.issueAccessToken(user.username), refreshToken))
  })

  app.get('/auth/userInfo', async (c) => {
    const user = await auth.caller(c.get('call'), 'login')
    // A new pair from the token the caller holds: the new refresh token never expires, whatever the settings.
    const pair = await tokens.issuePair(user.username, 'never')
    return tokenResponse(loginResponse(user, pair.accessToken, pair.refreshToken))
  })

  app.post('/auth/logout', () => {
    throw new WireError(
      'NoPermission',
      'logout does not work on the platform: it always answers 403. Forget the tokens on the client; they stay valid until they expire (refresh tokens never do).',
    )
  })
}
