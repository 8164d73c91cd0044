import type { PlatformUser } from '../runtime-contract/facets.js'
import type { Linkage } from '../runtime-contract/runtime-description.js'
import type { DomainDefinition } from '../testing/test-host-options.js'

/**
 * What the conformance suite asks a host factory for, once per test: the fields are a subset of
 * `createTestHost`'s options, so the reference host's factory is `(setup) => createTestHost(setup)`.
 *
 * @example
 * ```ts
 * import type { ConformanceSetup } from '@tech-vendor/api/conformance'
 *
 * function describeSetup(setup: ConformanceSetup): string {
 *   return `${Object.keys(setup.domains).join(', ')} in ${setup.tenants.join(', ')}, ${setup.linkage} linkage`
 * }
 * ```
 */
export interface ConformanceSetup {
  /** The domains to provide, each empty: always {@link conformanceDomains}. */
  readonly domains: Readonly<Record<string, DomainDefinition>>
  /** How plugin code is linked to the host: `dynamic` (Groovy) or `static` (Java, `@CompileStatic`). */
  readonly linkage: Linkage
  /** The tenants the host knows; code outside `runAs` runs as the first one. */
  readonly tenants: readonly string[]
  /** Where the host sends every error thrown by an asynchronous task (`AsyncHelper.task`, `scheduleAtFixRate`). */
  readonly onError: (error: unknown) => void
  /** Objects the host resolves through `BeanContainer`, as the platform's own beans. */
  readonly beans: readonly object[]
}

/**
 * Who {@link ConformanceHost.runAs} runs code as; what is not given stays as it is.
 *
 * @example
 * ```ts
 * import type { ConformanceIdentity } from '@tech-vendor/api/conformance'
 *
 * const ann: ConformanceIdentity = { tenant: 'globex', user: { id: 7, username: 'ann' } }
 * ```
 */
export interface ConformanceIdentity {
  /** A tenant of `setup.tenants`. */
  readonly tenant?: string
  /** The logged-in user, or `null` for none. */
  readonly user?: PlatformUser | null
}

/**
 * A host as the conformance suite drives it. The suite reaches the host's behaviour through the public
 * facades only (`SimpleQuery`, `DomainHelper`, ...), which find it through the process-wide binding; these
 * members only start, stop and observe it. The reference host (`createTestHost`) has every member.
 *
 * @example
 * ```ts
 * import { bindRuntime, type RuntimeBinding, type VendorRuntime } from '@tech-vendor/api/runtime-contract'
 * import type { ConformanceHost, ConformanceSetup } from '@tech-vendor/api/conformance'
 *
 * declare function createMyRuntime(setup: ConformanceSetup): VendorRuntime & {
 *   runAs<T>(identity: { tenant?: string; user?: { id: number; username: string } | null }, fn: () => T): T
 *   current(): { tenant: string; user: { id: number; username: string } | null }
 *   whenIdle(): Promise<void>
 *   cancelAll(): void
 *   readFile(key: string): Uint8Array
 * }
 *
 * function myHost(setup: ConformanceSetup): ConformanceHost {
 *   const runtime = createMyRuntime(setup)
 *   let binding: RuntimeBinding | undefined
 *   return {
 *     install: () => (binding = bindRuntime(runtime)),
 *     uninstall: () => {
 *       runtime.cancelAll()
 *       binding?.unbind()
 *     },
 *     runAs: (identity, fn) => runtime.runAs(identity, fn),
 *     current: () => runtime.current(),
 *     whenIdle: () => runtime.whenIdle(),
 *     readStoredFile: (key) => runtime.readFile(key),
 *   }
 * }
 * ```
 */
export interface ConformanceHost {
  /**
   * Binds the host (`bindRuntime` from `@tech-vendor/api/runtime-contract`), so that the facades reach it.
   * Must refuse, with `IllegalStateException`, while another host is bound.
   *
   * @returns Anything; the suite ignores it.
   */
  install(): unknown
  /**
   * Unbinds the host and cancels every task and schedule it holds, so that nothing it scheduled runs
   * afterwards. The suite calls it once per started host, after each test or within it.
   */
  uninstall(): void
  /**
   * Runs `fn` as the given tenant and user and returns what it returns.
   *
   * @param identity - Who to run as; what is not given stays as it is.
   * @param fn - The code to run.
   * @returns What `fn` returns.
   */
  runAs<T>(identity: ConformanceIdentity, fn: () => T): T
  /**
   * Who code runs as here: the suite reads it inside asynchronous tasks to check that the tenant is carried
   * into them and the user is not.
   *
   * @returns The current tenant and user (`null` for none).
   */
  current(): {
    /** The current tenant. */
    readonly tenant: string
    /** The logged-in user, `null` for none (always `null` inside an `AsyncHelper` task). */
    readonly user: PlatformUser | null
  }
  /**
   * Resolves when every pending one-shot task has run, tasks started by tasks included; periodic schedules do
   * not count.
   *
   * @returns A promise that resolves once the host is idle.
   */
  whenIdle(): Promise<void>
  /**
   * The bytes stored under a `StorageFieldValue.key`, so that the suite can check what `StorageUtils` stored.
   *
   * @param key - The key from the `StorageFieldValue`.
   * @returns The stored bytes.
   */
  readStoredFile(key: string): Uint8Array
  /**
   * What `MessageHelper.pushMessage` sent, oldest first, each with at least the notification's `content`,
   * `severity` and `toUser`. Optional: without it the suite checks only that `pushMessage` is accepted, and
   * reports the recording check as skipped.
   */
  readonly pushedMessages?: readonly unknown[]
}

/**
 * Makes a new, not yet installed host for one test of the conformance suite.
 *
 * @example
 * ```ts
 * import { createTestHost } from '@tech-vendor/api/testing'
 * import type { ConformanceFactory } from '@tech-vendor/api/conformance'
 *
 * const reference: ConformanceFactory = (setup) => createTestHost(setup)
 * ```
 */
export type ConformanceFactory = (setup: ConformanceSetup) => ConformanceHost
