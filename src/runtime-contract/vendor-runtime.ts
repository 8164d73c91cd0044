import type {
  AsyncRuntime,
  BeanRuntime,
  DomainRuntime,
  MessageRuntime,
  QueryRuntime,
  RpcRuntime,
  StorageRuntime,
} from './facets.js'
import type { RuntimeDescription } from './runtime-description.js'

/**
 * What a host implements and binds with `bindRuntime`: a self-description and one facet per facade.
 *
 * Every facet is optional, and so are the members the platform runtime lacks: whatever a runtime does not
 * have fails at call time the way the platform fails (`MissingMethodException` under `dynamic` linkage,
 * `NoSuchMethodError` under `static`), which lets a test bind a runtime with only the facet it needs.
 *
 * @example
 * ```ts
 * import { SimpleQuery } from '@tech-vendor/api'
 * import { bindRuntime, type QueryRuntime, type VendorRuntime } from '@tech-vendor/api/runtime-contract'
 *
 * const runtime: VendorRuntime = {
 *   description: { name: 'counting-host', platformVersion: '1.0.0-beta18', libraryLine: '0.0.5', linkage: 'dynamic' },
 *   query: { count: () => 42 } as unknown as QueryRuntime,
 * }
 * const binding = bindRuntime(runtime)
 * SimpleQuery.count('Order') // 42
 * binding.unbind()
 * ```
 */
export interface VendorRuntime {
  /** What the runtime says of itself. */
  readonly description: RuntimeDescription
  /** Backs `StorageUtils`. */
  readonly storage?: StorageRuntime
  /** Backs `QueryHelper` and `SimpleQuery`. */
  readonly query?: QueryRuntime
  /** Backs `DomainHelper`. */
  readonly domain?: DomainRuntime
  /** Backs `BeanContainer`. */
  readonly beans?: BeanRuntime
  /** Backs `AsyncHelper`. */
  readonly async?: AsyncRuntime
  /** Backs `MessageHelper`. */
  readonly messages?: MessageRuntime
  /** Backs 1.0.0-series dynamic RPC. */
  readonly rpc?: RpcRuntime
}

/**
 * The name of one facet of a {@link VendorRuntime}.
 *
 * @example
 * ```ts
 * import type { FacetName } from '@tech-vendor/api/runtime-contract'
 *
 * const facet: FacetName = 'query'
 * ```
 */
export type FacetName = Exclude<keyof VendorRuntime, 'description'>
