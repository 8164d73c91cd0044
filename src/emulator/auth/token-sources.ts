import type { IncomingCall } from '../wire/incoming-call.js'
import { WireError } from '../wire/wire-error.js'

/** Where a request's token was found, in the platform's priority order. */
export type TokenSource = 'header' | 'form' | 'url' | 'cookie'

/** A token and where it came from. */
export interface FoundToken {
  readonly source: TokenSource
  readonly token: string
}

/**
 * The token of a request, read as the platform reads it:
 *
 * 1. `Authorization: Bearer <token>`: when the header begins with `Bearer`, only the header is read, and the
 *    token is what follows `Bearer` and a space (`Bearer<token>` is refused as a token that cannot be parsed);
 * 2. the `access_token` field of a form-encoded body: for a non-GET form-encoded request only the body is read
 *    (URL parameter and cookie are then not checked);
 * 3. the `access_token` URL parameter;
 * 4. the `access_token` cookie.
 *
 * An empty value counts as no token.
 *
 * @returns The token and its source, or `undefined` when the sources the rules let it read hold none: at once,
 *   unless it is read from a form body (then a promise of it).
 * @throws WireError 1012 for a header of `Bearer` and more without a space between.
 * @internal
 */
export function findToken(call: IncomingCall): FoundToken | undefined | Promise<FoundToken | undefined> {
  const authorization = call.request.headers.get('authorization')
  if (authorization !== null && authorization.startsWith('Bearer')) {
    const rest = authorization.slice('Bearer'.length)
    const token = rest.trim()
    if (token === '') return undefined
    if (!rest.startsWith(' ')) {
      throw new WireError(
        'TokenInvalid',
        'the token cannot be parsed: the Authorization header is Bearer, a space, then the token (Authorization: Bearer <access_token>).',
      )
    }
    return { source: 'header', token }
  }
  if (call.method !== 'GET' && call.isForm) {
    return call.form().then((fields): FoundToken | undefined => {
      const token = fields['access_token']
      return token === undefined || token === '' ? undefined : { source: 'form', token }
    })
  }
  const fromUrl = call.query['access_token']
  if (fromUrl !== undefined && fromUrl !== '') return { source: 'url', token: fromUrl }
  const fromCookie = call.cookie('access_token')
  if (fromCookie !== undefined && fromCookie !== '') return { source: 'cookie', token: fromCookie }
  return undefined
}
