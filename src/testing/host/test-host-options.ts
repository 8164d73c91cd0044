import type { LibraryLine, Linkage } from '../../runtime-contract/runtime-description.js'
import type { DomainDefinition } from '../domains/domain-definition.js'
import type { Store } from '../store/store.js'

/**
 * Where a test host keeps the bytes `StorageUtils` stores: in memory (the default, storage engine `memory`) or
 * in a directory (storage engine `local`), for example a temporary directory a test removes afterwards.
 *
 * @example
 * ```ts
 * import { mkdtempSync } from 'node:fs'
 * import { tmpdir } from 'node:os'
 * import { join } from 'node:path'
 * import type { StorageOption } from '@tech-vendor/api/testing'
 *
 * const onDisk: StorageOption = { kind: 'directory', path: mkdtempSync(join(tmpdir(), 'files-')) }
 * ```
 */
export type StorageOption =
  | {
      /** Keep the bytes in memory (storage engine `memory`). */
      readonly kind: 'memory'
    }
  | {
      /** Keep the bytes in files under `path` (storage engine `local`). */
      readonly kind: 'directory'
      /** The directory; created when missing. */
      readonly path: string
    }

/**
 * One seed object, keyed the way a seed-data CSV header is: a field name, `field(*)` for a key field (update
 * the object with the same key instead of creating another), or `ref.field` to point a DOMAIN_OBJECT field
 * at the object of the referenced domain whose `field` has that value. Values are what the field takes, or
 * text as a CSV cell holds it.
 *
 * @example
 * ```ts
 * import type { SeedRow } from '@tech-vendor/api/testing'
 *
 * const order: SeedRow = { 'number(*)': 'A-1', status: 'OPEN', total: 120, 'customer.name': 'Ann' }
 * ```
 */
export type SeedRow = Readonly<Record<string, unknown>>

/**
 * The options of `createTestHost`.
 *
 * @example
 * ```ts
 * import type { TestHostOptions } from '@tech-vendor/api/testing'
 *
 * const options: TestHostOptions = {
 *   name: 'orders-plugin-tests',
 *   domains: {
 *     Customer: { fields: { name: { type: 'STRING', required: true } }, labelField: 'name' },
 *     Order: {
 *       fields: {
 *         status: { type: 'STRING', required: true },
 *         total: 'BIG_DECIMAL',
 *         customer: { type: 'DOMAIN_OBJECT', domain: 'Customer' },
 *       },
 *     },
 *   },
 *   tenants: ['acme', 'globex'],
 *   seed: { Customer: [{ 'name(*)': 'Ann' }], Order: [{ status: 'OPEN', total: '12.50', 'customer.name': 'Ann' }] },
 * }
 * ```
 */
export interface TestHostOptions {
  /** A name for the host, used in messages (default `reference-host`). */
  readonly name?: string
  /** The domains, by name. Every problem of the whole definition is reported at once. */
  readonly domains?: Readonly<Record<string, DomainDefinition>>
  /** How plugin code is linked: `dynamic` (Groovy, the default) or `static` (Java, `@CompileStatic`). */
  readonly linkage?: Linkage
  /** The platform version the host behaves as (default `1.0.0-beta18`). */
  readonly platformVersion?: string
  /** The library line the host describes itself with (default `0.0.5`, the plugin-template default). */
  readonly libraryLine?: LibraryLine
  /** The tenants (TENANT_ID values) the host knows (default `['default']`). */
  readonly tenants?: readonly string[]
  /** The tenant that code outside `runAs` runs as (default: the first of `tenants`). */
  readonly defaultTenant?: string
  /** Receives every error thrown by an asynchronous task; without it the host keeps them in `host.errors`. */
  readonly onError?: (error: unknown) => void
  /** Where stored files go (default `{ kind: 'memory' }`). */
  readonly storage?: StorageOption
  /** Seed objects created in the default tenant when the host is created, domain by domain in this order. */
  readonly seed?: Readonly<Record<string, readonly SeedRow[]>>
  /** Beans that `BeanContainer` resolves, as the platform's own beans. */
  readonly beans?: readonly object[]
  /**
   * How often a runtime-deprecated member (`AsyncHelper.scheduleAtFixRate`, `task`) emits its
   * `DeprecationWarning`: once each time the host is installed (`'per-host'`, the default, as the platform
   * logs it once per start), or once for the whole process (`'per-process'`), so that a suite that installs a
   * host for each of a thousand tests prints it once.
   */
  readonly deprecationWarnings?: 'per-host' | 'per-process'
  /**
   * Where the host keeps its data: the in-memory store (the default, a store of its own), or a PostgreSQL
   * store made beforehand (`await pgliteStore()`, `postgresStore({ url })`), which runs `QueryHelper.withSql`.
   */
  readonly store?: Store
}
