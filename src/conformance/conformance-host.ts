import type { PlatformUser } from '../runtime-contract/facets.js'
import type { Linkage } from '../runtime-contract/runtime-description.js'
import type { DomainDefinition } from '../testing/domains/domain-definition.js'

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
 * members only start, stop and observe it, and the optional adapters reach host APIs that no facade has
 * (plugin loading, seed data). A `TestHost` from `createTestHost` has every required member; the adapters
 * are a few lines over its `loadPlugin`, `unloadPlugin`, `reloadPlugin` and `importSeedCsv`.
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
   * Runs `fn` as the given tenant and user and returns what it returns. Must refuse, with
   * `IllegalStateException` and without running `fn`, while the host is not installed; an `async` `fn`'s
   * continuations must not reach another host once this one is uninstalled (the `isolation` group).
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
  /**
   * Loads, unloads and reloads plugins (SPEC §7.8), so that the suite can check the plugin lifecycle and
   * `BeanContainer`'s `PlatformAdapter` rule. Optional: without it the `plugins` group is reported as skipped,
   * with the reason, never as passed.
   */
  readonly pluginLoader?: ConformancePluginLoader
  /**
   * Imports seed data CSV (SPEC §7.8). Optional: without it the `seed` group is reported as skipped, with the
   * reason, never as passed.
   */
  readonly seedData?: ConformanceSeedData
}

/**
 * A plugin's manifest as the suite gives it to {@link ConformancePluginLoader.load}: what the `vendorPlugin`
 * field of a plugin's `package.json` holds.
 *
 * @example
 * ```ts
 * import type { ConformancePluginManifest } from '@tech-vendor/api/conformance'
 *
 * const manifest: ConformancePluginManifest = {
 *   name: 'billing',
 *   version: '1.0.0',
 *   dependsOnPlugins: ['PlatformAdapter'],
 * }
 * ```
 */
export interface ConformancePluginManifest {
  /** The plugin's name, unique among loaded plugins; `unload` and `reload` take it. */
  readonly name: string
  /** The plugin's version. */
  readonly version: string
  /**
   * The plugins that must be loaded first. `PlatformAdapter` is the platform's built-in plugin, always
   * loaded; `BeanContainer` works in the plugin's code only when it is listed.
   */
  readonly dependsOnPlugins: readonly string[]
}

/**
 * A plugin as the suite gives it to {@link ConformancePluginLoader.load}.
 *
 * @example
 * ```ts
 * import { VendorPlatformComponent } from '@tech-vendor/api'
 * import type { ConformancePluginDefinition } from '@tech-vendor/api/conformance'
 *
 * class Startup extends VendorPlatformComponent {
 *   override onLoad(): void {
 *     console.log('billing loaded')
 *   }
 * }
 * const plugin: ConformancePluginDefinition = {
 *   manifest: { name: 'billing', version: '1.0.0', dependsOnPlugins: ['PlatformAdapter'] },
 *   components: [Startup],
 *   beans: [],
 * }
 * ```
 */
export interface ConformancePluginDefinition {
  /** The manifest: `{ name, version, dependsOnPlugins }`. */
  readonly manifest: ConformancePluginManifest
  /**
   * The plugin's components: `VendorPlatformComponent` subclasses, which the host constructs with no argument
   * at each load, as the platform does.
   */
  readonly components: readonly (new () => object)[]
  /** Objects the plugin registers as beans: `BeanContainer` resolves them while the plugin is loaded. */
  readonly beans: readonly object[]
}

/**
 * The plugin lifecycle of a host (SPEC §7.8), as the conformance suite drives it: the optional
 * {@link ConformanceHost.pluginLoader}. Every call happens while the host is installed.
 *
 * @example
 * ```ts
 * import type { ConformancePluginDefinition, ConformancePluginLoader } from '@tech-vendor/api/conformance'
 *
 * declare const runtime: {
 *   deploy(plugin: ConformancePluginDefinition): void
 *   undeploy(name: string): void
 *   redeploy(name: string): void
 * }
 *
 * const pluginLoader: ConformancePluginLoader = {
 *   load: (definition) => runtime.deploy(definition),
 *   unload: (name) => runtime.undeploy(name),
 *   reload: (name) => runtime.redeploy(name),
 * }
 * ```
 */
export interface ConformancePluginLoader {
  /**
   * Loads a plugin: refuses it (throws, calling no `onLoad`) while a plugin its `dependsOnPlugins` names is
   * not loaded (`PlatformAdapter` always is); constructs each component with no argument and calls its
   * `onLoad()`, in order, before returning. The plugin's beans resolve through `BeanContainer` until it is
   * unloaded. Code the plugin runs (`onLoad`, `offLoad`, the `AsyncHelper` tasks it starts) runs as the
   * plugin, so that `BeanContainer` fails there with `IllegalStateException` unless the manifest lists
   * `PlatformAdapter`.
   *
   * @param definition - The manifest, the component classes and the beans.
   * @returns Anything; the suite ignores it.
   */
  load(definition: ConformancePluginDefinition): unknown
  /**
   * Unloads a loaded plugin: calls each component's `offLoad()` once, and forgets the plugin's beans.
   *
   * @param name - The plugin's manifest name.
   */
  unload(name: string): void
  /**
   * Reloads a loaded plugin, as the platform does: `offLoad()` of the current components, then new
   * component instances whose `onLoad()` runs again, over the data the plugin wrote before.
   *
   * @param name - The plugin's manifest name.
   * @returns Anything; the suite ignores it.
   */
  reload(name: string): unknown
}

/**
 * The seed data import of a host (SPEC §7.8), as the conformance suite drives it: the optional
 * {@link ConformanceHost.seedData}.
 *
 * @example
 * ```ts
 * import type { ConformanceSeedData } from '@tech-vendor/api/conformance'
 *
 * declare const runtime: { importSeed(domain: string, csv: string): { inserted: number; updated: number } }
 *
 * const seedData: ConformanceSeedData = {
 *   importCsv: (domain, csv) => {
 *     const { inserted, updated } = runtime.importSeed(domain, csv)
 *     return { created: inserted, updated }
 *   },
 * }
 * ```
 */
export interface ConformanceSeedData {
  /**
   * Imports a seed data CSV file into a domain, in the current tenant, with the platform's conventions: the
   * first record is the header; `field(*)` marks a key column (a record whose key matches an object updates
   * it, any other record creates one); a `ref.field` column sets the reference `ref` to the referenced
   * domain's object whose `field` has the cell's value; BOOLEAN cells take `T`/`true` and `F`/`false`; lines
   * starting with `;` are comments.
   *
   * All or nothing: a file with any problem imports nothing, and the call throws a typed error (its `name`
   * is not plain `Error`) whose message names the 1-based line and column of the problem (`line 4`,
   * `column 2`); lines count from the top of the file, comment lines included, and a column is the field's
   * position in its record. Where the error has numeric `line` and `column` properties, they must agree.
   *
   * @param domain - The domain the file holds, such as `Customer`.
   * @param csv - The file's text.
   * @returns How many objects were created and how many updated; a host that also counts the records that
   *   found their object already as they would leave it reports them as `unchanged`.
   */
  importCsv(
    domain: string,
    csv: string,
  ): {
    /** Objects created: records whose key matched no object, or that have no key column. */
    readonly created: number
    /** Objects updated: records whose key matched an object and changed at least one of its fields. */
    readonly updated: number
    /** Records whose key matched an object that already held every value; optional. */
    readonly unchanged?: number
  }
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
