/**
 * The client object of dynamic RPC: a proxy whose every method call becomes one RPC call. It holds no
 * state beyond its own method cache and never touches the host until a method is called.
 *
 * @module
 * @internal
 */

/**
 * Names the proxy answers itself instead of turning them into calls, so that the client survives `await`,
 * `JSON.stringify` and string conversion: `then` (a client is not a promise), `toJSON`, `constructor`,
 * `toString`, `valueOf`.
 */
const LOCAL = new Set(['then', 'toJSON', 'constructor', 'toString', 'valueOf'])

/**
 * A client of the service `serviceName`: `client.method(...args)` returns `call(method, args)`.
 *
 * @param call - What makes the call: the facade's invoke.
 */
export function createRpcClient<T extends object>(
  serviceName: string,
  call: (method: string, args: unknown[]) => unknown,
): T {
  const label = `[RpcClient ${serviceName}]`
  const methods = new Map<string, (...args: unknown[]) => unknown>()
  // Not frozen: a frozen target would forbid the `has` trap from reporting methods it does not hold.
  const target = Object.create(null) as object
  return new Proxy(target, {
    get(_target, key) {
      if (typeof key === 'symbol') return key === Symbol.toStringTag ? 'RpcClient' : undefined
      if (key === 'toString' || key === 'valueOf') return () => label
      if (LOCAL.has(key)) return undefined
      let method = methods.get(key)
      if (method === undefined) {
        method = (...args: unknown[]) => call(key, args)
        Object.defineProperty(method, 'name', { value: key })
        methods.set(key, method)
      }
      return method
    },
    has: (_target, key) => typeof key === 'string' && !LOCAL.has(key),
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  }) as T
}
