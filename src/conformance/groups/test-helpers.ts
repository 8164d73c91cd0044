import type { TestContext } from 'vitest'
import { AsyncHelper } from '../../api/async-helper.js'
import { DomainHelper } from '../../api/domain-helper.js'
import type { DomainObject } from '../../model/domain-registry.js'
import type { Runnable, Thread } from '../../model/java-types.js'
import type { ConformanceHost } from '../conformance-host.js'

/** What `fn` throws; fails the test when it returns. @internal */
export function catchError(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('expected the call to throw, but it returned')
}

/** The `name` field of each object, in the order given. @internal */
export function names(objects: readonly object[]): unknown[] {
  return objects.map((o) => (o as Record<string, unknown>)['name'])
}

/** The `name` field of each object, sorted: for results whose order no rule fixes. @internal */
export function nameSet(objects: readonly object[]): string[] {
  return names(objects)
    .map(String)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

/** Creates objects of a domain through `DomainHelper.batchCreate`, returning them with their ids. @internal */
export function create(domain: string, rows: readonly Record<string, unknown>[]): DomainObject[] {
  return DomainHelper.batchCreate(
    domain,
    rows.map((row) => ({ ...row })),
  )
}

/** Creates one object of a domain through `buildDomain` and `createDomain`. @internal */
export function createOne(domain: string, properties: Record<string, unknown>): DomainObject {
  const object = DomainHelper.buildDomain(domain, properties)
  DomainHelper.createDomain(object)
  return object
}

/** The given objects sorted by id: the tie-break of every ordered query. @internal */
export function byId<T extends { readonly id: number }>(...objects: T[]): T[] {
  return objects.sort((a, b) => a.id - b.id)
}

/**
 * `AsyncHelper.task(Runnable)` as dynamic code calls it: the runtime returns a Thread though 0.0.5 declares
 * void. @internal
 */
export const task = (runnable: Runnable): Thread =>
  (AsyncHelper.task as unknown as (r: Runnable) => Thread)(runnable)

/** Waits `ms` milliseconds of real time. @internal */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** The optional adapters of a host, by member name. @internal */
export type AdapterName = 'pluginLoader' | 'seedData'

/**
 * The host's adapter, or the test reported as skipped, saying which adapter the host lacks: a host without it
 * never passes the rules that need it. @internal
 */
export function adapterOf<K extends AdapterName>(
  context: TestContext,
  host: ConformanceHost,
  adapter: K,
  what: string,
): NonNullable<ConformanceHost[K]> {
  const value = host[adapter]
  if (value === undefined) {
    context.skip(`the host has no ${adapter} adapter (ConformanceHost.${adapter}): ${what} not checked`)
  }
  return value
}
