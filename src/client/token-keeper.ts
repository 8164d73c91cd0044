import type { TokenPair } from './client-options.js'
import { PlatformError } from './errors/platform-error.js'
import type { LoginResponse } from './wire-types.js'

/** One refresh: the access token it replaces, its outcome, and whether it has settled. */
export interface RefreshRecord {
  readonly token: string
  readonly promise: Promise<LoginResponse>
  settled: boolean
}

/** The client's token pair and its refresh. */
export interface TokenKeeper {
  /** The pair held now, or `null`. */
  readonly tokens: TokenPair | null
  /** The latest refresh if it has settled, to note before a request is sent: one under way is not noted. */
  readonly lastRefresh: RefreshRecord | undefined
  /** Keeps the pair of a login response and hands it to `onTokens`; a `PlatformError` for an answer without one. */
  keep(login: LoginResponse): LoginResponse
  /** Forgets the pair and tells `onTokens`. */
  forget(): void
  /**
   * Refreshes access token `sent`, the one held now, or takes the outcome of a refresh of it that is under way
   * or had not settled when `seen` was noted. A request answered 1006 gives the token it was sent with and what
   * it noted before it was sent; the client's `refresh()`, the token and what it notes then: a refresh under way
   * is joined.
   */
  refresh(sent: string | undefined, seen: RefreshRecord | undefined): Promise<LoginResponse>
}

/**
 * Holds the client's token pair, hands every new pair to `onTokens`, and refreshes the pair once for any number
 * of requests that met an expired access token (single flight). A request answered 1006 whose token has been
 * replaced since it was sent is sent again with the new one, without a refresh; any other:
 *
 * - joins a refresh under way for that token;
 * - takes the outcome (the new pair, or the error) of a refresh for that token that had not settled when it
 *   was sent and has settled since, rather than making a second one; so a burst that meets an expired token
 *   makes one refresh call however its answers interleave, and a refresh that fails is one error for all of
 *   them;
 * - else starts a refresh.
 *
 * @internal
 */
export function tokenKeeper(
  initial: TokenPair | undefined,
  onTokens: ((tokens: TokenPair | null) => void) | undefined,
  exchange: (refreshToken: string) => Promise<LoginResponse>,
): TokenKeeper {
  let tokens: TokenPair | null = initial === undefined ? null : { ...initial }
  let last: RefreshRecord | undefined
  const set = (pair: TokenPair | null): void => {
    tokens = pair
    onTokens?.(pair)
  }
  const keep = (login: LoginResponse): LoginResponse => {
    // Nothing half-kept: an answer without both tokens leaves the pair as it was.
    if (typeof login.access_token !== 'string' || typeof login.refresh_token !== 'string')
      throw new PlatformError({ status: 200, errMsg: 'The answer holds no access_token and refresh_token.' })
    set({ accessToken: login.access_token, refreshToken: login.refresh_token })
    return login
  }
  const start = (): Promise<LoginResponse> => {
    const pair = tokens
    if (pair === null)
      return Promise.reject(new TypeError('refresh(): the client holds no tokens; log in first.'))
    const record: RefreshRecord = {
      token: pair.accessToken,
      settled: false,
      promise: exchange(pair.refreshToken)
        // A logout or a login while the refresh was under way wins: its tokens stay.
        .then((login) => (tokens === pair ? keep(login) : login))
        .finally(() => (record.settled = true)),
    }
    last = record
    return record.promise
  }
  return {
    get tokens() {
      return tokens
    },
    get lastRefresh() {
      return last?.settled ? last : undefined
    },
    keep,
    forget: () => set(null),
    refresh: (sent, seen) =>
      last && last.token === sent && (!last.settled || last !== seen) ? last.promise : start(),
  }
}
