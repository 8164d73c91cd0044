/** The path and query of a request's URL, as `URL#pathname` and `URL#search` give them. @internal */
export interface UrlParts {
  /** The path (`/api/data/Order`). */
  readonly pathname: string
  /** The query with its `?` (`?max=5`), or `''`. */
  readonly search: string
}

/**
 * A URL whose path and query `URL` would give back as written: the scheme and host, a path of characters that are
 * never encoded and hold no dot segment (no `.`, `%` or `\`), and a query of characters that are never encoded.
 * Every request of a client that builds its URLs (nearly all) is one.
 */
const PLAIN_URL = /^https?:\/\/[^/?#\\]*(\/[\w~!$&'()*+,;=:@/-]*)(\?[\w~!$&()*+,;=:@/?%.-]*)?$/

/**
 * The path and query of a request's URL (a `Request#url`, which is absolute), without parsing it when it is
 * plain; else as `new URL(url)` reads them.
 *
 * @internal
 */
export function urlParts(url: string): UrlParts {
  const plain = PLAIN_URL.exec(url)
  if (plain === null) {
    const { pathname, search } = new URL(url)
    return { pathname, search }
  }
  const query = plain[2]
  // `URL` writes an empty query (a lone `?`) as no query.
  return { pathname: plain[1]!, search: query === undefined || query === '?' ? '' : query }
}
