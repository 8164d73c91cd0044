import { bounded } from './bounded.js'
import type { ClientOptions } from './client-options.js'
import { dataApi, onePage } from './data-api.js'
import { logicCall, objectActions } from './logic-calls.js'
import type { PlatformClient } from './platform-client.js'
import { requestPipeline, type Send } from './request-pipeline.js'
import { tokenKeeper } from './token-keeper.js'
import type { LoginResponse } from './wire-types.js'

/** The timeouts (ms), retries and first retry delay (ms) of a client not told otherwise. */
const LIMITS = { timeout: 30_000, totalTimeout: 60_000, retries: 2, retryDelay: 300 }

/** The methods the platform serves under `/webhook` (the document's endpoint table). */
const WEBHOOK_METHODS = ['GET', 'POST'] as const

/**
 * Creates a client of the platform's REST API: typed, without dependencies, on the global `fetch` (or the one
 * given), in browsers and Node.
 *
 * It survives the platform's traps: the token goes only in `Authorization: Bearer`, never in a URL or a body; a
 * 1006 answer is met with one form-encoded refresh and one more try, and any number of requests that meet an
 * expired token at once share that one refresh; a validation failure answered with HTTP 200 is an error; an
 * anonymous-service refusal answered with HTTP 500 is an `AnonymousInvocationError`; pages are at most 500;
 * `logout()` forgets the tokens rather than calling an endpoint that always answers 403. Transient failures of
 * reads (GET, HEAD, OPTIONS) are retried, within per-attempt and total timeouts.
 *
 * @param options - The base URL (ending in `/api`), and optionally `fetch`, tokens, `onTokens`, decimal
 *   fields, timeouts and retries.
 * @returns The client.
 * @throws `TypeError` for a missing base URL or a `fetch` that is not a function; `RangeError` for a timeout,
 *   retry count or delay that is not a number of 0 or more (`Infinity` turns a timeout off).
 * @see {@link PlatformClient}
 * @example
 * ```ts
 * import { createClient } from '@tech-vendor/api/client'
 * import { createEmulator } from '@tech-vendor/api/emulator'
 *
 * await using emulator = createEmulator({ domains: { Order: { fields: { status: 'STRING' } } } })
 * const client = createClient({ baseUrl: '/api', fetch: emulator.fetch })
 * await client.login('admin', 'admin')
 * const order = await client.data('Order').create({ status: 'OPEN' })
 * ```
 */
export function createClient(options: ClientOptions): PlatformClient {
  const { baseUrl, fetch: given, tokens, onTokens, decimals = {} } = options
  if (typeof baseUrl !== 'string' || baseUrl === '' || (given !== undefined && typeof given !== 'function'))
    throw new TypeError(
      "createClient needs a baseUrl ending in /api (such as 'http://127.0.0.1:8080/api' or '/api'), and fetch, if given, a function.",
    )
  const limits = { ...LIMITS }
  let name: keyof typeof LIMITS
  for (name in limits) {
    const value = (limits[name] = options[name] ?? limits[name])
    if (typeof value !== 'number' || !(value >= 0))
      throw new RangeError(`createClient: ${name} must be a number of 0 or more, got ${value}.`)
  }
  const keeper = tokenKeeper(
    tokens,
    onTokens,
    // Called once a request is under way, when `send` exists: the keeper and the pipeline need each other.
    (refreshToken) =>
      send('POST', ['auth', 'access_token'], undefined, {
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
        anonymous: true,
      }) as Promise<LoginResponse>,
  )
  const send: Send = requestPipeline(
    {
      ...limits,
      baseUrl: baseUrl.replace(/\/+$/, ''),
      // Called without a receiver: a browser's fetch refuses to run as a method of another object.
      fetch: (input, init) => (given ?? fetch)(input, init),
    },
    keeper,
  )
  const logIn = async (...call: Parameters<Send>): Promise<LoginResponse> =>
    keeper.keep((await send(...call)) as LoginResponse)
  return {
    get tokens() {
      return keeper.tokens
    },
    login: (username, password, options) =>
      logIn('POST', ['auth', 'login'], options, { body: { username, password }, anonymous: true }),
    userInfo: (options) => logIn('GET', ['auth', 'userInfo'], options),
    refresh: (options) =>
      bounded(options?.signal, Infinity, () =>
        keeper.refresh(keeper.tokens?.accessToken, keeper.lastRefresh),
      ),
    // In the executor: what onTokens throws rejects the promise rather than escaping the call.
    logout: () => new Promise((resolve) => resolve(keeper.forget())),
    data: (domain) => dataApi(send, domain, decimals[domain]),
    search: (domain, { conditions, and, orderBy, asc, ...options } = {}) =>
      onePage(send, 'POST', ['search', domain], options, {
        body: { conditions, and, orderBy, asc },
        decimals: decimals[domain],
      }),
    keywordSearch: (domain, q, options = {}) =>
      onePage(send, 'POST', ['search', 'keyword', domain], options, {
        query: { q },
        decimals: decimals[domain],
      }),
    permissions: (domain, ids, options) =>
      // The platform's path ends with a slash.
      send('POST', ['permissions', domain, ''], options, { body: { ids } }) as Promise<never>,
    canCreate: async (domain, options) =>
      ((await send('GET', ['permissions', domain, 'create'], options)) as { create?: unknown }).create ===
      true,
    service: (name, options) => logicCall(send, ['service', name], options),
    // A webhook's url is a path of its own: each of its segments is encoded.
    webhook: (url, options) =>
      logicCall(send, ['webhook', ...url.replace(/^\/+/, '').split('/')], options, WEBHOOK_METHODS),
    action: objectActions(send),
  }
}
