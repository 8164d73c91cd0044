import type { DecimalFields } from './decimal-fields.js'

/**
 * An access token and a refresh token, as login and refresh give them: what `createClient` takes to resume a
 * session and what `onTokens` hands over to keep.
 *
 * @example
 * ```ts
 * import { createClient, type TokenPair } from '@tech-vendor/api/client'
 *
 * const stored: TokenPair = { accessToken: 'eyJ...', refreshToken: 'eyJ...' }
 * const client = createClient({ baseUrl: '/api', tokens: stored })
 * ```
 */
export interface TokenPair {
  /** Sent as `Authorization: Bearer <accessToken>`; lives `security.jwt.expiration` seconds (3600 by default). */
  readonly accessToken: string
  /** Exchanged for a new access token when the platform answers 1006; does not expire by default. */
  readonly refreshToken: string
}

/**
 * A `fetch`: the global one, or one that stands in for it, such as the emulator's in-process
 * `emulator.fetch` or a wrapper that counts or alters requests in a test.
 *
 * @example
 * ```ts
 * import { createClient, type FetchFunction } from '@tech-vendor/api/client'
 *
 * let requests = 0
 * const counting: FetchFunction = (input, init) => {
 *   requests++
 *   return fetch(input, init)
 * }
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api', fetch: counting })
 * ```
 */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>

/**
 * How `createClient` reaches the platform and keeps its tokens.
 *
 * @example
 * ```ts
 * import { createClient, type ClientOptions } from '@tech-vendor/api/client'
 *
 * const options: ClientOptions = {
 *   baseUrl: 'http://127.0.0.1:8080/api',
 *   onTokens: (tokens) => console.log(tokens === null ? 'logged out' : 'new tokens'),
 *   timeout: 10_000,
 *   retries: 3,
 * }
 * const client = createClient(options)
 * ```
 */
export interface ClientOptions {
  /**
   * The platform's REST API as a caller outside its reverse proxy sees it, ending in `/api`:
   * `https://platform.example.com/api`, `http://127.0.0.1:8080/api` (`vendor-api serve`), or `/api` in a browser
   * page served by the same origin.
   */
  readonly baseUrl: string
  /** The `fetch` to send requests with (default: the global `fetch`), such as `emulator.fetch`. */
  readonly fetch?: FetchFunction | undefined
  /** The tokens of an earlier login, to resume a session without logging in. */
  readonly tokens?: TokenPair | undefined
  /**
   * Called with the new pair whenever the client gets one (login, refresh, `userInfo()`), and with `null` on
   * `logout()`: the place to persist the tokens. It runs synchronously; what it throws fails the call that got
   * the tokens.
   */
  readonly onTokens?: ((tokens: TokenPair | null) => void) | undefined
  /**
   * BIG_DECIMAL fields to read as exact decimal strings (`"12.50"`), by domain. The platform writes a
   * BIG_DECIMAL as a JSON number with its scale (`12.50`), which JavaScript would read as `12.5`, and round past
   * 15 significant digits. Declare such fields as `string` in `DomainRegistry` and list them here.
   */
  readonly decimals?: DecimalFields | undefined
  /** How long one attempt may take, in ms, body included (default 30,000). */
  readonly timeout?: number | undefined
  /**
   * How long one call may take, in ms, retries and a token refresh included (default 60,000). `Infinity`: no
   * limit but the per-attempt `timeout`.
   */
  readonly totalTimeout?: number | undefined
  /**
   * How often a transient failure (network, timeout, 502, 503, 504, 429 with `Retry-After`) of a GET, HEAD or
   * OPTIONS request is tried again (default 2). POST, PUT and DELETE are never retried: the platform may have
   * run them.
   */
  readonly retries?: number | undefined
  /**
   * The wait before the first retry, in ms, doubled before each next one (default 300). A `Retry-After` header
   * on a 429 or 503 answer says the wait instead.
   */
  readonly retryDelay?: number | undefined
}
