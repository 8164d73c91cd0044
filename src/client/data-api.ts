import type { AllOptions, CallOptions, PageOptions } from './call-options.js'
import type { Outgoing, Send } from './request-pipeline.js'
import type { ListResult, WireFields, WireObject } from './wire-types.js'

/** The platform serves at most this many objects a page: a larger `max` is served as 500. */
const MAX_PAGE = 500

/**
 * The generic object endpoints of one domain (`/data/<domain>`), as `client.data(domain)` gives them: results
 * are the objects, not the platform's envelopes, and a validation failure, which the platform answers with
 * HTTP 200, is a `PlatformValidationError`.
 *
 * @typeParam T - The domain's type in `DomainRegistry` (`DomainObject` for a domain it does not declare).
 * @example
 * ```ts
 * import { createClient } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
 * await client.login('admin', 'admin')
 * const orders = client.data('Order')
 * const created = await orders.create({ number: 7, status: 'OPEN' })
 * await orders.update(created.id, { status: 'CLOSED' })
 * ```
 */
export interface DataApi<T> {
  /**
   * One page of the domain's objects, by id (`GET /data/<domain>?max&offset`).
   *
   * @param options - `max` (default 10, at most 500) and `offset`.
   * @returns The page and the total count.
   * @throws `RangeError` for a `max` above 500, which the platform would serve as 500 (or not a whole number).
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
   * const { total, data } = await client.data('Order').list({ max: 50, offset: 100 })
   * ```
   */
  list(options?: PageOptions): Promise<ListResult<T>>

  /**
   * One object (`GET /data/<domain>/<id>`).
   *
   * @param id - The object's id.
   * @param options - A signal.
   * @returns The object.
   * @throws `NotFoundError` when the domain holds no such object in the user's tenant.
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
   * const order = await client.data('Order').get(1)
   * ```
   */
  get(id: number, options?: CallOptions): Promise<WireObject<T>>

  /**
   * Creates an object (`POST /data/<domain>`). The platform gives the id.
   *
   * @param fields - The fields; a reference as `{ id }`.
   * @param options - A signal.
   * @returns The object as created.
   * @throws `PlatformValidationError` when it fails validation (nothing is written).
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
   * const order = await client.data('Order').create({ number: 8, status: 'OPEN', customer: { id: 3 } })
   * console.log(order.id)
   * ```
   */
  create(fields: WireFields<T>, options?: CallOptions): Promise<WireObject<T>>

  /**
   * Changes the given fields of an object (`PUT /data/<domain>/<id>`, the id in the body too); the others stay.
   *
   * @param id - The object's id.
   * @param fields - Only the fields to change.
   * @param options - A signal.
   * @returns The object as updated.
   * @throws `PlatformValidationError` when it fails validation (nothing is written).
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
   * const order = await client.data('Order').update(1, { status: 'CLOSED' })
   * ```
   */
  update(id: number, fields: WireFields<T>, options?: CallOptions): Promise<WireObject<T>>

  /**
   * Deletes an object (`DELETE /data/<domain>/<id>`); resolves when it is gone.
   *
   * @param id - The object's id.
   * @param options - A signal.
   * @throws `PlatformValidationError` when it cannot go (another object references it; nothing is deleted).
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
   * await client.data('Order').delete(1)
   * ```
   */
  delete(id: number, options?: CallOptions): Promise<void>

  /**
   * Updates several objects at once, all or none (`PUT /data/<domain>/batch`).
   *
   * @param objects - Each object's id and the fields to change.
   * @param options - A signal.
   * @returns The objects as updated.
   * @throws `IllegalArgumentError` when any record fails (nothing is written; the message lists every failure).
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
   * await client.data('Order').batchUpdate([
   *   { id: 1, status: 'CLOSED' },
   *   { id: 2, status: 'CLOSED' },
   * ])
   * ```
   */
  batchUpdate(
    objects: readonly ({ readonly id: number } & WireFields<T>)[],
    options?: CallOptions,
  ): Promise<WireObject<T>[]>

  /**
   * Every object of the domain, one at a time, fetched in pages of `pageSize` (default 500, the platform's
   * most) by offset, in id order, each object once. Paging is by offset, as the platform offers it: an object
   * created while it runs comes at the end, and one deleted from a page already read shifts the later pages, so
   * that an object is missed.
   *
   * @param options - `pageSize` (1 to 500) and a signal.
   * @returns An async iterator over the objects.
   * @throws `RangeError`, at once, for a `pageSize` that is not a whole number from 1 to 500.
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
   * let open = 0
   * for await (const order of client.data('Order').all()) if (order['status'] === 'OPEN') open++
   * ```
   */
  all(options?: AllOptions): AsyncIterableIterator<WireObject<T>>
}

/**
 * The data API of one domain over a pipeline.
 *
 * @internal
 */
export function dataApi<T>(send: Send, domain: string, decimals: readonly string[] | undefined): DataApi<T> {
  const list = (options: PageOptions = {}): Promise<ListResult<T>> =>
    onePage(send, 'GET', ['data', domain], options, { decimals })
  /**
   * One object's call: the single-object response and the mutation envelope both hold the object as `data`.
   * `never`: the object is the domain's, which the wire cannot check.
   */
  const call = (
    method: string,
    at: readonly (string | number)[],
    options: CallOptions | undefined,
    body?: unknown,
  ): Promise<never> =>
    send(method, ['data', domain, ...at], options, { body, decimals, answer: 'data' }) as Promise<never>
  return {
    list,
    get: (id, options) => call('GET', [id], options),
    create: (fields, options) => call('POST', [], options, fields),
    update: (id, fields, options) => call('PUT', [id], options, { ...fields, id }),
    async delete(id, options) {
      await call('DELETE', [id], options)
    },
    batchUpdate: (objects, options) => call('PUT', ['batch'], options, objects),
    all(options = {}) {
      const { pageSize = MAX_PAGE, signal } = options
      checkPage('pageSize', pageSize, 1)
      return pages(list, pageSize, signal)
    },
  }
}

/**
 * Refuses a page size the platform would not serve as asked: it serves a `max` above 500 as 500.
 */
function checkPage(name: string, size: number, least: number): void {
  if (!Number.isInteger(size) || size < least || size > MAX_PAGE)
    throw new RangeError(
      `${name} ${size}: a page holds ${least} to ${MAX_PAGE} objects (the platform serves more as ${MAX_PAGE}); page with offset, or use all().`,
    )
}

/**
 * One page of objects, `max` and `offset` in the query: a list (`GET /data/<domain>`) or a search. Resolves
 * with its `total` and `data`, without `formHookDataList`.
 *
 * @internal
 */
export async function onePage<T>(
  send: Send,
  method: string,
  path: readonly string[],
  options: PageOptions,
  outgoing: Outgoing,
): Promise<ListResult<T>> {
  const { max, offset } = options
  checkPage('max', max ?? 0, 0)
  const query = { ...outgoing.query, max, offset }
  const { total, data } = (await send(method, path, options, { ...outgoing, query })) as ListResult<T>
  return { total: Number(total), data }
}

/** Reads page after page by offset until `total` is reached or a page comes back empty. */
async function* pages<T>(
  list: (options: PageOptions) => Promise<ListResult<T>>,
  pageSize: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<WireObject<T>> {
  // Advanced by what came back, not by pageSize: a platform that serves fewer per page skips nothing.
  for (let offset = 0; ;) {
    const { total, data } = await list({ max: pageSize, offset, signal })
    yield* data
    offset += data.length
    if (data.length === 0 || offset >= total) return
  }
}
