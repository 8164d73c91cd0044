import type { DomainType } from '../index.js'
import type {
  CallOptions,
  LogicCallOptions,
  PageOptions,
  SearchOptions,
  WebhookCallOptions,
} from './call-options.js'
import type { TokenPair } from './client-options.js'
import type { DataApi } from './data-api.js'
import type { ObjectActions } from './logic-calls.js'
import type { ListResult, LoginResponse, ObjectPermissions } from './wire-types.js'

/**
 * A client of the platform's REST API, made by `createClient`: login and tokens, the generic object endpoints,
 * search, permissions, dynamic services, webhooks and object actions. It sends the token only as
 * `Authorization: Bearer`, refreshes it once when the platform answers 1006 (one refresh for any number of
 * requests at once), retries transient failures of reads (GET, HEAD, OPTIONS), and turns every refusal into a typed
 * error, the platform's HTTP 200 validation failure included.
 *
 * Domains declared in `DomainRegistry` type `data`, `search` and `keywordSearch`; any other name works too,
 * loosely typed.
 *
 * @example
 * ```ts
 * import { createClient } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
 * await client.login('admin', 'admin')
 * const { total, data } = await client.data('Order').list({ max: 20 })
 * ```
 */
export interface PlatformClient {
  /** The token pair the client holds now, or `null` before login and after logout. */
  readonly tokens: TokenPair | null

  /**
   * Logs in (`POST /auth/login`) and keeps the token pair (`onTokens` gets it).
   *
   * @param username - The login name.
   * @param password - The password.
   * @param options - A signal.
   * @returns The login response.
   * @throws `UserPasswordMismatchError` for a wrong password; `NotFoundError` for a user who does not exist.
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
   * const { username, roles } = await client.login('admin', 'admin')
   * ```
   */
  login(username: string, password: string, options?: CallOptions): Promise<LoginResponse>

  /**
   * The logged-in user (`GET /auth/userInfo`). The platform answers with a newly issued token pair, whose
   * refresh token never expires; the client keeps it (`onTokens` gets it).
   *
   * @param options - A signal.
   * @returns The user and the new pair, in the login response's shape.
   * @throws `UnauthorizedError` when the client holds no token.
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * // A page opened with ?access_token=... as the platform's temporary access: trade it for a pair at once.
   * const urlToken = new URLSearchParams('access_token=eyJ...').get('access_token')!
   * const client = createClient({ baseUrl: '/api', tokens: { accessToken: urlToken, refreshToken: urlToken } })
   * const me = await client.userInfo()
   * ```
   */
  userInfo(options?: CallOptions): Promise<LoginResponse>

  /**
   * Exchanges the refresh token for a new access token (`POST /auth/access_token`, form-encoded, as the platform
   * requires) and keeps it. The client does this by itself when the platform answers 1006; a refresh already
   * under way is joined rather than repeated.
   *
   * @param options - A signal (it stops this call's wait, not the shared refresh).
   * @returns The refresh's login response (its `refresh_token` is the one sent).
   * @throws `TypeError` when the client holds no tokens; `TokenExpiredError` when the refresh token has expired.
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: '/api' })
   * await client.login('admin', 'admin')
   * const { access_token, expires_in } = await client.refresh()
   * ```
   */
  refresh(options?: CallOptions): Promise<LoginResponse>

  /**
   * Forgets the tokens (`onTokens` gets `null`). It does not call `POST /auth/logout`, which on the platform
   * always answers 403 and invalidates nothing: issued tokens stay valid until they expire, and refresh tokens
   * never do by default, so drop every copy you kept.
   *
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: '/api', onTokens: (tokens) => console.log(tokens) })
   * await client.login('admin', 'admin')
   * await client.logout() // logs null
   * ```
   */
  logout(): Promise<void>

  /**
   * The generic object endpoints of a domain.
   *
   * @typeParam N - The domain name: declared in `DomainRegistry` for typed objects, or any other.
   * @param domain - The domain class's short name, such as `Order`.
   * @returns Its list, get, create, update, delete, batch update and `all()`.
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: '/api' })
   * const tags = client.data('Tag')
   * await tags.create({ name: 'rush' })
   * ```
   */
  data<N extends string>(domain: N): DataApi<DomainType<N>>

  /**
   * Searches a domain (`POST /search/<domain>?max&offset`) with conditions in the body.
   *
   * @typeParam N - The domain name.
   * @param domain - The domain class's short name.
   * @param options - The conditions, how they combine, the order and the page.
   * @returns The page of matches and their total.
   * @throws `RangeError` for a `max` above 500, which the platform would serve as 500; `IllegalArgumentError`
   *   for a condition the platform refuses.
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: '/api' })
   * const open = await client.search('Order', {
   *   conditions: [{ field: 'status', operator: 'eq', value: 'OPEN' }],
   *   orderBy: ['number'],
   *   max: 50,
   * })
   * ```
   */
  search<N extends string>(
    domain: N,
    options?: SearchOptions<DomainType<N>>,
  ): Promise<ListResult<DomainType<N>>>

  /**
   * Searches a domain for a keyword (`POST /search/keyword/<domain>?q&max&offset`): in the emulator, `q` found
   * anywhere in any text field, ignoring case.
   *
   * @typeParam N - The domain name.
   * @param domain - The domain class's short name.
   * @param q - The keyword; empty matches every object.
   * @param options - The page.
   * @returns The page of matches and their total.
   * @throws `RangeError` for a `max` above 500, which the platform would serve as 500.
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: '/api' })
   * const { data } = await client.keywordSearch('Customer', 'ann', { max: 10 })
   * ```
   */
  keywordSearch<N extends string>(
    domain: N,
    q: string,
    options?: PageOptions,
  ): Promise<ListResult<DomainType<N>>>

  /**
   * What the user may do with some objects (`POST /permissions/<domain>/`), by id.
   *
   * @param domain - The domain class's short name.
   * @param ids - The objects' ids.
   * @param options - A signal.
   * @returns `view`, `update` and `delete` for each id (all `false` for an id the tenant does not hold).
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: '/api' })
   * const byId = await client.permissions('Order', [1, 2])
   * if (byId[1]?.delete) console.log('may delete order 1')
   * ```
   */
  permissions(
    domain: string,
    ids: readonly number[],
    options?: CallOptions,
  ): Promise<Readonly<Record<string, ObjectPermissions>>>

  /**
   * Whether the user may create objects of a domain (`GET /permissions/<domain>/create`).
   *
   * @param domain - The domain class's short name.
   * @param options - A signal.
   * @returns `true` when the user holds a role the domain requires for create (or it requires none).
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: '/api' })
   * const showNewButton = await client.canCreate('Order')
   * ```
   */
  canCreate(domain: string, options?: CallOptions): Promise<boolean>

  /**
   * Calls a dynamic service (`/service/<name>`, the name URL-encoded). An anonymous call to a service without
   * `enableAnonymous` is an `AnonymousInvocationError`, although the platform answers it with HTTP 500.
   *
   * @typeParam R - What the service's logic returns.
   * @param name - The service's name.
   * @param options - Method (default `GET`, `POST` with a body), query parameters, body, signal.
   * @returns What the service answered: parsed JSON, text, or `undefined` for an empty answer.
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: '/api' })
   * const summary = await client.service<{ orders: number }>('customer summary', { query: { customer: 3 } })
   * ```
   */
  service<R = unknown>(name: string, options?: LogicCallOptions): Promise<R>

  /**
   * Calls a webhook (`GET` or `POST /webhook/<url>`). No login is needed; a token the client holds is sent, and
   * the webhook then runs as that user.
   *
   * @typeParam R - What the webhook's logic returns.
   * @param url - The webhook's `url`, such as `payments/settled`.
   * @param options - Method (`GET` by default, `POST` with a body), query parameters, body, signal.
   * @returns What the webhook answered.
   * @throws `TypeError` (as a rejection, before anything is sent) for a method other than `GET` or `POST`, or a
   *   body with `GET`.
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: '/api' })
   * await client.webhook('payments/settled', { body: { amount: 12 } })
   * ```
   */
  webhook<R = unknown>(url: string, options?: WebhookCallOptions): Promise<R>

  /** The object actions, by name and by id. */
  readonly action: ObjectActions
}
