import type { FieldName, QueryCondition } from '../index.js'
import type { WireObject } from './wire-types.js'

/**
 * What every call of the client takes last: a signal of the caller's that cancels it.
 *
 * @example
 * ```ts
 * import { createClient, type CallOptions } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: '/api' })
 * const options: CallOptions = { signal: AbortSignal.timeout(2_000) }
 * await client.canCreate('Order', options)
 * ```
 */
export interface CallOptions {
  /** Cancels the call (retries and a token refresh included): it rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined
}

/**
 * Which page of a list: `max` objects (default 10, at most 500) from `offset` (0-based).
 *
 * @example
 * ```ts
 * import { createClient, type PageOptions } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: '/api' })
 * const third: PageOptions = { max: 50, offset: 100 }
 * const { data } = await client.data('Order').list(third)
 * ```
 */
export interface PageOptions extends CallOptions {
  /** How many objects (default 10). The platform serves at most 500: a larger `max` is refused with a `RangeError`. */
  readonly max?: number | undefined
  /** How many objects to skip (default 0). */
  readonly offset?: number | undefined
}

/**
 * How `all()` pages through a domain.
 *
 * @example
 * ```ts
 * import { createClient, type AllOptions } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: '/api' })
 * const options: AllOptions = { pageSize: 200 }
 * for await (const order of client.data('Order').all(options)) console.log(order.id)
 * ```
 */
export interface AllOptions extends CallOptions {
  /** Objects per request (default and most 500, the platform's cap): a larger one is refused with a `RangeError`. */
  readonly pageSize?: number | undefined
}

/**
 * A search over a domain: conditions, how they combine, the order, and the page. The platform document does not
 * show the search body; this is the emulator's (docs/emulator.md): the library's `QueryCondition`s, with a
 * reference as `{ id }`.
 *
 * @typeParam T - The domain's type in `DomainRegistry`.
 * @example
 * ```ts
 * import { createClient, type SearchOptions } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: '/api' })
 * const open: SearchOptions<{ id: number; status: string; total: number }> = {
 *   conditions: [
 *     { field: 'status', operator: 'eq', value: 'OPEN' },
 *     { field: 'total', operator: 'gt', value: 100 },
 *   ],
 *   orderBy: ['total'],
 *   asc: false,
 *   max: 20,
 * }
 * ```
 */
export interface SearchOptions<T> extends PageOptions {
  /** The conditions (`{ field, operator, value }`); none: every object. */
  readonly conditions?: readonly QueryCondition<WireObject<T>>[] | undefined
  /** `true` (default): every condition must hold; `false`: any one. */
  readonly and?: boolean | undefined
  /** The fields to order by (default: by id). */
  readonly orderBy?: readonly FieldName<T>[] | undefined
  /** Ascending (default) or descending. */
  readonly asc?: boolean | undefined
}

/**
 * A call of a dynamic service (and, with `GET` or `POST`, of a webhook): the method, the query parameters and
 * the body.
 *
 * @example
 * ```ts
 * import { createClient, type LogicCallOptions } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: '/api' })
 * const call: LogicCallOptions = { method: 'POST', query: { since: '2025-01-01' }, body: { ids: [1, 2] } }
 * const summary = await client.service('order-summary', call)
 * ```
 */
export interface LogicCallOptions extends CallOptions {
  /** The HTTP method, in either case (default `GET`, or `POST` when there is a body). */
  readonly method?: string | undefined
  /**
   * Query parameters. Do not put a token here: the client sends its own as `Authorization: Bearer`, and the
   * platform writes URL parameters verbatim into access logs and service execution records.
   */
  readonly query?: Readonly<Record<string, string | number | boolean>> | undefined
  /** The body: sent as JSON, or form-encoded when it is a `URLSearchParams`. Not with `GET` or `HEAD`. */
  readonly body?: unknown
}

/**
 * A call of a webhook: as a service call, but the method is `GET` or `POST`, the only two the platform serves
 * under `/webhook`.
 *
 * @example
 * ```ts
 * import { createClient, type WebhookCallOptions } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: '/api' })
 * const call: WebhookCallOptions = { method: 'POST', body: { amount: 12 } }
 * await client.webhook('payments/settled', call)
 * ```
 */
export interface WebhookCallOptions extends Omit<LogicCallOptions, 'method'> {
  /** `GET` (the default without a body) or `POST` (the default with one), in either case. */
  readonly method?: 'GET' | 'POST' | 'get' | 'post' | undefined
}
