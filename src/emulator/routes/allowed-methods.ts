/** The methods a route of the emulator may be registered for, in the order `Allow` lists them. */
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const

/** Hono's router as far as it is read here: each match holds `[handler, route]` and the route's method. */
interface AppRouter {
  match(method: string, path: string): readonly unknown[]
}

type Matched = readonly [readonly [unknown, { readonly method: string }], unknown]

/**
 * The methods an app (its `router`) serves at a path: those with a route registered for that method (middleware and routes
 * for every method aside), plus `HEAD` where `GET` is served (Hono answers it from the `GET` route) and
 * `OPTIONS` (answered for CORS). Empty when no route matches the path, so that the caller can tell "wrong
 * method" (405) from "not served" (501).
 *
 * @internal
 */
export function allowedMethods(router: AppRouter, path: string): string[] {
  const allowed: string[] = METHODS.filter((method) =>
    (router.match(method, path)[0] as readonly Matched[]).some(([[, route]]) => route.method === method),
  )
  if (allowed.length === 0) return allowed
  if (allowed.includes('GET')) allowed.splice(1, 0, 'HEAD')
  return [...allowed, 'OPTIONS']
}
