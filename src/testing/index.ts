/**
 * The reference host: an in-process platform runtime for unit tests of plugin code, with the platform's
 * semantics (PostgreSQL queries, validation, transactions, tenancy, asynchronous tasks, stored files, beans,
 * pushed messages, plugins and seed data). Create one with `createTestHost(options)` and `install()` it.
 *
 * @example
 * ```ts
 * import { SimpleQuery } from '@tech-vendor/api'
 * import { createTestHost } from '@tech-vendor/api/testing'
 *
 * using host = createTestHost({ domains: { Order: { fields: { status: 'STRING' } } } }).install()
 * SimpleQuery.of('Order').eq('status', 'OPEN').list(0, 20)
 * ```
 *
 * @module @tech-vendor/api/testing
 */
export { createTestHost } from './host/create-test-host.js'
export { memoryStore } from './store/memory/memory-store.js'
export { pgliteStore } from './store/pglite/pglite-store.js'
export type { PgliteStoreOptions } from './store/pglite/pglite-store-options.js'
export { postgresStore } from './store/postgres/postgres-store.js'
export type { PostgresStoreOptions } from './store/postgres/postgres-store-options.js'
export type { Store } from './store/store.js'
export {
  defineDomains,
  type DomainDefinitions,
  type DomainTypes,
  type DomainObjectOf,
  type FieldValueOf,
} from './domains/define-domains.js'
export type { TestHost, RunAs, CurrentIdentity, RepeatableOnLoadOptions } from './host/test-host.js'
export type { TestHostOptions, StorageOption, SeedRow } from './host/test-host-options.js'
export type { DomainDefinition, FieldDefinition, FieldType } from './domains/domain-definition.js'
export type { PluginDefinition, PluginComponent, LoadedPlugin } from './plugins/plugin-registry.js'
export type { PluginManifest } from './plugins/plugin-manifest.js'
export type { PushedMessage } from './facets/pushed-message.js'
export type { SeedCsvOptions, SeedImportResult, SeedLineImportResult } from './seed/seed-import.js'
export { SeedDataException, type SeedProblem } from './seed/seed-data-exception.js'
