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
 * `GET /api/_emulator/requests`.
 *
 * @internal
 */
export class RecentRequests {
  readonly #capacity: number
  readonly #ring: RecentRequest[] = []
  #next = 0

  constructor(capacity = 200) {
    this.#capacity = capacity
  }

  /** Keeps one request, dropping the oldest when the ring is full. */
  record(request: RecentRequest): void {
    if (this.#ring.length < this.#capacity) this.#ring.push(request)
    else this.#ring[this.#next] = request
    this.#next = (this.#next + 1) % this.#capacity
  }

  /** The requests kept, newest first. */
  list(): RecentRequest[] {
    return [...this.#ring.slice(this.#next), ...this.#ring.slice(0, this.#next)].reverse()
  }
}

/**
 * A URL's path and query as the recent requests show it: the value of a parameter that can carry a token or a
 * password is `***`.
 *
 * @internal
 */
export function shownPath(url: URL): string {
  if (url.search === '') return url.pathname
  const shown = new URLSearchParams()
  for (const [name, value] of url.searchParams)
    shown.append(name, SECRET_PARAMETERS.test(name) ? '***' : value)
  return `${url.pathname}?${shown.toString().replaceAll('%2A%2A%2A', '***')}`
}

/**
 * The error code an answer carries: `errCode` of the common error body, `errorCode` of the service dialect, or
 * `status:error` for a mutation envelope that reports a validation failure; `undefined` for a success. Reads the
 * body only where one of these can be: a JSON answer to a write or an error status.
 *
 * @internal
 */
export async function errorCodeOf(method: string, response: Response): Promise<number | string | undefined> {
  if (!(response.headers.get('content-type') ?? '').startsWith('application/json')) return undefined
  if (response.status < 400 && (method === 'GET' || method === 'HEAD')) return undefined
  let body: unknown
  try {
    body = JSON.parse(await response.clone().text())
  } catch {
    return undefined
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const fields = body as Record<string, unknown>
  if (response.status >= 400) {
    if (typeof fields['errCode'] === 'number') return fields['errCode']
    if (typeof fields['errorCode'] === 'number') return fields['errorCode']
    return undefined
  }
  return fields['status'] === 'error' ? 'status:error' : undefined
}
