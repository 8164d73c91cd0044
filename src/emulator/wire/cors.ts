import type { Context } from 'hono'
import { JsonAnswer } from './json-answer.js'

/** The methods the emulator's routes take (PATCH too: the platform answers it 403, and a page should read that). */
const ALLOW_METHODS = 'GET, POST, PUT, DELETE, PATCH'

/** The request headers the API reads beyond the CORS-safelisted ones. */
const ALLOW_HEADERS = 'authorization, content-type'

/** The response headers a page may read beyond the safelisted ones: the client honours `Retry-After`. */
const EXPOSE_HEADERS = 'Allow, Content-Disposition, Retry-After'

/** How long a browser may keep a preflight's answer, in seconds. */
const MAX_AGE = '600'

/** The loopback host names of the default policy, as `URL#hostname` spells them. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Which origins may call the emulator from a browser: `undefined` for the default (every `http://` origin on a
 * loopback name, any port, so that a frontend dev server works without setup), or the origins listed (`*` for
 * any). An `Origin` header is compared as `URL#origin` writes it (lower-case scheme and host, no default port).
 *
 * @internal
 */
export function isAllowedOrigin(origin: string, allowed: readonly string[] | undefined): boolean {
  if (allowed !== undefined) return allowed.includes('*') || allowed.includes(normalOrigin(origin))
  try {
    const url = new URL(origin)
    return url.protocol === 'http:' && LOOPBACK.has(url.hostname)
  } catch {
    return false
  }
}

/**
 * An origin as browsers send it (`http://localhost:5173`), or the given text when it is not one. A
 * configured origin is checked with it (see `checkOptions`), so a trailing slash or upper case still matches.
 *
 * @internal
 */
export function normalOrigin(text: string): string {
  try {
    const { origin } = new URL(text)
    return origin === 'null' ? text : origin
  } catch {
    return text
  }
}

/** The CORS rules of the emulator's answers, as {@link corsPolicy} makes them. @internal */
export interface CorsPolicy {
  /**
   * The answer to a preflight (`OPTIONS` with `Access-Control-Request-Method`), which no route sees; `undefined`
   * for any other request.
   */
  preflight(c: Context): Response | undefined
  /** Adds the CORS headers of the request's origin to its answer, once a route has answered. */
  decorate(c: Context): void
}

/**
 * The CORS policy: a request whose `Origin` is allowed gets `Access-Control-Allow-Origin` (the origin itself)
 * and `Access-Control-Allow-Credentials`; its preflight is answered 204 with the methods and headers the API
 * takes. A request from an origin that is not allowed gets no CORS header at all, so the browser keeps the
 * answer from the page; its preflight is answered 204 without them. Every answer says `Vary: Origin`, as it
 * depends on the origin. Hono's `cors()` is not used because it sends the credentials header to every origin.
 *
 * @internal
 */
export function corsPolicy(allowed: readonly string[] | undefined): CorsPolicy {
  const allows = (origin: string | undefined): origin is string =>
    origin !== undefined && isAllowedOrigin(origin, allowed)
  return {
    preflight(c) {
      if (c.req.method !== 'OPTIONS' || c.req.header('access-control-request-method') === undefined)
        return undefined
      const origin = c.req.header('origin')
      const headers = new Headers({ vary: 'Origin' })
      if (allows(origin)) {
        headers.set('access-control-allow-origin', origin)
        headers.set('access-control-allow-credentials', 'true')
        headers.set('access-control-allow-methods', ALLOW_METHODS)
        headers.set('access-control-allow-headers', ALLOW_HEADERS)
        headers.set('access-control-max-age', MAX_AGE)
      }
      return new Response(null, { status: 204, headers })
    },
    decorate(c) {
      const origin = c.req.header('origin')
      const allow = allows(origin)
      const answer = c.res
      if (answer instanceof JsonAnswer && !answer.built) {
        // The emulator's own JSON answer keeps these as text until something asks for its headers.
        answer.setHeader('vary', 'Origin', true)
        if (!allow) return
        answer.setHeader('access-control-allow-origin', origin)
        answer.setHeader('access-control-allow-credentials', 'true')
        answer.setHeader('access-control-expose-headers', EXPOSE_HEADERS)
        return
      }
      // A response the route built is not always mutable (a Response made elsewhere): copy it when needed.
      let response = answer
      try {
        response.headers.append('vary', 'Origin')
      } catch {
        response = new Response(response.body, response)
        response.headers.append('vary', 'Origin')
        c.res = response
      }
      if (!allow) return
      response.headers.set('access-control-allow-origin', origin)
      response.headers.set('access-control-allow-credentials', 'true')
      response.headers.set('access-control-expose-headers', EXPOSE_HEADERS)
    },
  }
}
