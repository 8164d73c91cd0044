/**
 * Where an object the host built or created keeps the name of its domain (`buildDomain`, `createDomain`): an
 * own, non-enumerable property under a `Symbol.for` key, so that `toEqual` ignores it and every copy of the
 * package reads it. An object that was saved has an id, and ids are unique across domains (one sequence, as
 * Hibernate's), so the host knows its domain without it: query results and spread copies carry none.
 */
export const DOMAIN_KEY: unique symbol = Symbol.for('@tech-vendor/api/testing.domain') as never

/** Marks an object as belonging to a domain. */
export function brand<T extends object>(object: T, domain: string): T {
  Object.defineProperty(object, DOMAIN_KEY, {
    value: domain,
    enumerable: false,
    configurable: true,
    writable: true,
  })
  return object
}

/** The domain an object was marked with, if any. */
export function brandOf(object: object): string | undefined {
  const value = Object.hasOwn(object, DOMAIN_KEY)
    ? (object as Record<symbol, unknown>)[DOMAIN_KEY]
    : undefined
  return typeof value === 'string' ? value : undefined
}
