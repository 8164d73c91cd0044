/**
 * What a host implements and how it binds: the contract interfaces (one facet per facade), the runtime's
 * self-description, `bindRuntime` / `unbindRuntime` / `currentRuntime`, the member table with the platform's
 * documented mismatches, and the errors with their cross-copy guards.
 *
 * @example
 * ```ts
 * import { bindRuntime, type VendorRuntime } from '@tech-vendor/api/runtime-contract'
 *
 * declare const myRuntime: VendorRuntime
 * using binding = bindRuntime(myRuntime)
 * ```
 *
 * @module @tech-vendor/api/runtime-contract
 */
export {
  bindRuntime,
  unbindRuntime,
  currentRuntime,
  type RuntimeBinding,
  type BindOptions,
} from './registry.js'
export type { VendorRuntime, FacetName } from './vendor-runtime.js'
export type { RuntimeDescription, Linkage, LibraryLine } from './runtime-description.js'
export type {
  StorageRuntime,
  QueryRuntime,
  DomainRuntime,
  BeanRuntime,
  AsyncRuntime,
  MessageRuntime,
  RpcRuntime,
  Session,
  TransactionStatus,
  QuerySpec,
  PageRequest,
  QueryPage,
  PlatformUser,
  RuntimeNotification,
} from './facets.js'
export { members, memberSpecs, type MemberSpec } from './members.js'
export * from '../errors/index.js'
