import type { CallOptions, LogicCallOptions } from './call-options.js'
import type { Send } from './request-pipeline.js'

/**
 * The object actions of the platform (`POST /action/byName/<name>`, `POST /action/byId/<id>`), as
 * `client.action` gives them. The body is `{ domain, objectIds, parameters }` (the domain's short name, the ids
 * of the objects the action runs on, free parameters); the answer is `{ execResult }`, of which the client
 * resolves with `execResult`: what the action's core logic returned, or its map's `execResult`.
 *
 * @example
 * ```ts
 * import { createClient } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
 * await client.login('admin', 'admin')
 * const result = await client.action.byName('clear-stock', { domain: 'Product', objectIds: [1, 2] })
 * ```
 */
export interface ObjectActions {
  /**
   * Runs the object action of that name.
   *
   * @typeParam R - The action's `execResult`.
   * @param name - The action's name.
   * @param body - The payload, sent as JSON: `{ domain, objectIds, parameters }`.
   * @param options - A signal.
   * @returns The action's `execResult`.
   * @throws `NoPermissionError` when the action is not tied to the domain or not enabled; `NotFoundError` when no
   *   active action has the name or an object id is not found; `IllegalArgumentError` when the ids do not fit the
   *   action's mode; `PlatformError` (500) when the logic failed.
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
   * const cleared = await client.action.byName<string>('clear-stock', { domain: 'Product', objectIds: [4] })
   * ```
   */
  byName<R = unknown>(name: string, body?: unknown, options?: CallOptions): Promise<R>

  /**
   * Runs the object action of that id.
   *
   * @typeParam R - The action's `execResult`.
   * @param id - The `DynamicAction` record's id.
   * @param body - The payload, sent as JSON: `{ domain, objectIds, parameters }`.
   * @param options - A signal.
   * @returns The action's `execResult`.
   * @throws As {@link ObjectActions.byName}.
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
   * await client.action.byId(12, { domain: 'Product', objectIds: [4] })
   * ```
   */
  byId<R = unknown>(id: number, body?: unknown, options?: CallOptions): Promise<R>
}

/**
 * A dynamic service or webhook call: any method for a service (`GET` without a body, `POST` with one by
 * default), `GET` or `POST` for a webhook; the answer as the logic returned it (`undefined` when empty).
 *
 * @param methods - The methods the endpoint serves, when not all of them (a webhook's).
 * @internal
 */
export function logicCall(
  send: Send,
  path: string[],
  options: LogicCallOptions = {},
  methods?: readonly string[],
): Promise<never> {
  const { query, body } = options
  const where = `/${path.join('/')}`
  const refuse = (message: string): Promise<never> => Promise.reject(new TypeError(message))
  const given: unknown = options.method
  // An HTTP method is a token; a letters-only name covers every method a service or webhook answers.
  if (given !== undefined && (typeof given !== 'string' || !/^[A-Za-z]+$/.test(given)))
    return refuse(
      `${where}: method must be an HTTP method name such as 'GET' or 'POST', got ${typeof given === 'string' ? JSON.stringify(given) : typeof given}.`,
    )
  const method = (given ?? (body === undefined ? 'GET' : 'POST')).toUpperCase()
  if (methods !== undefined && !methods.includes(method))
    return refuse(
      `${method} ${where}: the platform serves only ${methods.join(' and ')} there; use one of them.`,
    )
  if (body !== undefined && (method === 'GET' || method === 'HEAD'))
    return refuse(`${method} ${where} cannot carry a body: use query, or POST.`)
  return send(method, path, options, { query, body, answer: 'any', runsLogic: true }) as Promise<never>
}

/**
 * The object actions over a pipeline.
 *
 * @internal
 */
export function objectActions(send: Send): ObjectActions {
  // `never`: what the logic returns is the caller's `R`, which the wire cannot check.
  const run = async (
    by: string,
    key: string | number,
    body: unknown,
    options?: CallOptions,
  ): Promise<never> => {
    const answer = (await send('POST', ['action', by, key], options, { body })) as { execResult?: unknown }
    return answer.execResult as never
  }
  return {
    byName: (name, body, options) => run('byName', name, body, options),
    byId: (id, body, options) => run('byId', id, body, options),
  }
}
