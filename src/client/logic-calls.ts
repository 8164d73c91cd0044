import type { CallOptions, LogicCallOptions } from './call-options.js'
import type { Send } from './request-pipeline.js'

/**
 * The object actions of the platform (`POST /action/byName/<name>`, `POST /action/byId/<id>`), as
 * `client.action` gives them. The document shows no payload; the emulator's (docs/emulator.md): the JSON body
 * reaches the action's logic as `request.body`, and the answer is the mutation envelope whose `data` is what the
 * logic returned, or `status: "error"` when it threw.
 *
 * @example
 * ```ts
 * import { createClient } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
 * await client.login('admin', 'admin')
 * const result = await client.action.byName('clear-stock', { ids: [1, 2] })
 * ```
 */
export interface ObjectActions {
  /**
   * Runs the object action of that name.
   *
   * @typeParam R - What the action's logic returns.
   * @param name - The action's name.
   * @param body - The payload, sent as JSON, such as `{ ids: [1, 2] }`.
   * @param options - A signal.
   * @returns What the action's logic returned.
   * @throws `PlatformValidationError` when the logic failed; `NotFoundError` when no active action has the name.
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
   * const { cleared } = await client.action.byName<{ cleared: number }>('clear-stock', { ids: [4] })
   * ```
   */
  byName<R = unknown>(name: string, body?: unknown, options?: CallOptions): Promise<R>

  /**
   * Runs the object action of that id.
   *
   * @typeParam R - What the action's logic returns.
   * @param id - The `ObjectAction` record's id.
   * @param body - The payload, sent as JSON.
   * @param options - A signal.
   * @returns What the action's logic returned.
   * @throws `PlatformValidationError` when the logic failed; `NotFoundError` when no active action has the id.
   * @example
   * ```ts
   * import { createClient } from '@tech-vendor/api/client'
   *
   * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api' })
   * await client.action.byId(12, { ids: [4] })
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
  const run = (by: string, key: string | number, body: unknown, options?: CallOptions): Promise<never> =>
    send('POST', ['action', by, key], options, { body, answer: 'data' }) as Promise<never>
  return {
    byName: (name, body, options) => run('byName', name, body, options),
    byId: (id, body, options) => run('byId', id, body, options),
  }
}
