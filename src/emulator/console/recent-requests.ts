import type { AnsweredRequest } from '../wire/access-log.js'
import type { UrlParts } from '../wire/url-parts.js'

/**
 * One request the emulator answered, as the console shows it.
 *
 * @internal
 */
export interface RecentRequest {
  /** When it came in (the emulator's clock), ISO 8601. */
  readonly time: string
  readonly method: string
  /** The path and query, with any token in the query replaced by `***`. */
  readonly path: string
  readonly status: number
  readonly durationMs: number
  /** The caller's username, `null` for an anonymous caller or one refused before the token was read. */
  readonly user: string | null
  /** The errCode of an error answer, or `status:error` for a validation failure answered with HTTP 200. */
  readonly errCode?: number | string
}

/** Query parameters whose values are never shown: the platform reads tokens from them. */
const SECRET_PARAMETERS = /^(?:access_token|refresh_token|token|password)$/i

/**
 * The last requests the emulator answered, newest first: a ring of a fixed size, so that a long-running emulator
 * keeps a bounded memory. Emulator-only, as LocalStack's developer endpoints: the console reads it at
 * `GET /api/_emulator/requests`. A request is kept as it was answered and written out as the console shows it
 * only when listed: most are pushed out unread.
 *
 * @internal
 */
export class RecentRequests {
  readonly #capacity: number
  readonly #ring: AnsweredRequest[] = []
  #next = 0

  constructor(capacity = 200) {
    this.#capacity = capacity
  }

  /** Keeps one request, dropping the oldest when the ring is full. */
  record(request: AnsweredRequest): void {
    if (this.#ring.length < this.#capacity) this.#ring.push(request)
    else this.#ring[this.#next] = request
    this.#next = (this.#next + 1) % this.#capacity
  }

  /** The requests kept, newest first. */
  list(): RecentRequest[] {
    return [...this.#ring.slice(this.#next), ...this.#ring.slice(0, this.#next)].reverse().map(recentRequest)
  }
}

/**
 * A URL's path and query as the recent requests show it: the value of a parameter that can carry a token or a
 * password is `***`.
 *
 * @internal
 */
export function shownPath(url: UrlParts): string {
  if (url.search === '') return url.pathname
  const shown = new URLSearchParams()
  for (const [name, value] of new URLSearchParams(url.search))
    shown.append(name, SECRET_PARAMETERS.test(name) ? '***' : value)
  return `${url.pathname}?${shown.toString().replaceAll('%2A%2A%2A', '***')}`
}

/**
 * A request as the console shows it: the path with its secrets hidden (see {@link shownPath}), the time by the
 * emulator's clock, and the outcome as one code.
 *
 * @internal
 */
export function recentRequest(request: AnsweredRequest): RecentRequest {
  const errCode = request.errCode ?? (request.validationError ? 'status:error' : undefined)
  return {
    time: new Date(request.receivedAt).toISOString(),
    method: request.method,
    path: shownPath(request.url),
    status: request.status,
    durationMs: request.durationMs,
    user: request.user,
    ...(errCode === undefined ? {} : { errCode }),
  }
}
