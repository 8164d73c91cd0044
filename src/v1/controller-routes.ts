import { describeValue } from '../api/argument-checks.js'
import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'
import type { ControllerRoute, HttpMethod } from './controller-route.js'

/**
 * How custom controller routes are recorded and read. A route decorator stores `{ method, path }` on the
 * handler function itself, under a `Symbol.for` key, so that no module keeps state and a host using another
 * copy of the package reads the same routes.
 *
 * @module
 * @internal
 */

/** Where a handler function carries its routes. */
const ROUTES = Symbol.for('@tech-vendor/api/v1.controller-routes')

/** The brand of `VendorDynamicController.prototype`, recognised across package copies. */
export const CONTROLLER_BRAND = Symbol.for('@tech-vendor/api/v1.VendorDynamicController')

interface DeclaredRoute {
  readonly method: HttpMethod
  readonly path: string
}

/** A path of `/`-separated segments, each literal URL characters or one `{name}` parameter. */
const PATH = /^(?:\/(?:[A-Za-z0-9._~-]|%[0-9A-Fa-f]{2})+|\/\{[A-Za-z_][A-Za-z0-9_]*\})+$/

/**
 * Checks a route or base path and returns it.
 *
 * @param where - The decorator or property, for the message.
 * @throws {@link IllegalArgumentException} naming what is wrong with the path and how to write it.
 */
export function checkPath(path: unknown, where: string): string {
  if (typeof path !== 'string') {
    throw new IllegalArgumentException(
      `${where} expects a path as a string such as '/orders/{id}', got ${describeValue(path)}.`,
    )
  }
  if (path === '/') return path
  const fix = (problem: string): IllegalArgumentException =>
    new IllegalArgumentException(`${where} got the path ${JSON.stringify(path)}: ${problem}`)
  if (!path.startsWith('/')) throw fix(`a path starts with '/'; write ${JSON.stringify(`/${path}`)}.`)
  if (path.length > 1 && path.endsWith('/')) throw fix(`remove the trailing '/'.`)
  if (/\/:/.test(path)) throw fix(`path parameters are written {name}, as in '/orders/{id}', not ':name'.`)
  if (!PATH.test(path)) {
    throw fix(
      `each segment between '/' must be non-empty and hold only letters, digits, '-', '.', '_', '~' and %XX escapes, ` +
        `or be one parameter such as {id}; the query string is not part of a route.`,
    )
  }
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])
  const twice = names.find((name, i) => names.indexOf(name) !== i)
  if (twice !== undefined) throw fix(`the parameter {${twice}} appears twice; give each one its own name.`)
  return path
}

/** The base path joined with a route path: `/orders` + `/{id}`, where `/` on either side adds nothing. */
function joinPath(basePath: string, path: string): string {
  if (basePath === '/') return path
  return path === '/' ? basePath : `${basePath}${path}`
}

/** Records a route on a handler function; a handler may answer several routes, kept in source order. */
export function addRoute(handler: object, route: DeclaredRoute): void {
  const existing = (handler as Record<symbol, readonly DeclaredRoute[] | undefined>)[ROUTES] ?? []
  // Decorators apply from the innermost out, so the route written first is added last.
  Object.defineProperty(handler, ROUTES, {
    value: Object.freeze([Object.freeze(route), ...existing]),
    configurable: true,
  })
}

/**
 * Every route of a controller class: its own handlers and those it inherits (an override without a route
 * decorator removes the inherited route), base class first, each class in source order.
 *
 * @param controllerClass - A class whose prototype chain holds the controller brand.
 * @param basePath - The class's `basePath`, checked here.
 * @throws {@link IllegalArgumentException} for a bad base path or a method and path routed twice.
 */
export function collectRoutes(
  controllerClass: { readonly name: string; readonly prototype: object },
  basePath: unknown,
): readonly ControllerRoute[] {
  const base = checkPath(basePath, `${controllerClass.name}.basePath`)
  const chain: object[] = []
  for (
    let proto: object | null = controllerClass.prototype;
    proto != null && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    chain.push(proto)
  }
  const routes: ControllerRoute[] = []
  const byKey = new Map<string, string>()
  for (let i = chain.length - 1; i >= 0; i--) {
    const proto = chain[i] as object
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor' || chain.slice(0, i).some((derived) => Object.hasOwn(derived, name)))
        continue
      const handler: unknown = Object.getOwnPropertyDescriptor(proto, name)?.value
      if (typeof handler !== 'function') continue
      for (const declared of (handler as unknown as Record<symbol, readonly DeclaredRoute[] | undefined>)[
        ROUTES
      ] ?? []) {
        const route: ControllerRoute = Object.freeze({
          method: declared.method,
          path: joinPath(base, declared.path),
          handlerName: name,
        })
        // Templates that differ only in parameter names match the same requests.
        const key = `${route.method} ${route.path.replace(/\{[^}]+\}/g, '{}')}`
        const other = byKey.get(key)
        if (other !== undefined) {
          throw new IllegalArgumentException(
            `${controllerClass.name} routes ${route.method} ${route.path} twice (handlers ${other} and ${name}). ` +
              'Give each route its own method and path.',
          )
        }
        byKey.set(key, name)
        routes.push(route)
      }
    }
  }
  return Object.freeze(routes)
}
