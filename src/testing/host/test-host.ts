import type { PlatformUser } from '../../runtime-contract/facets.js'
import type { RuntimeDescription } from '../../runtime-contract/runtime-description.js'
import type { LoadedPlugin, PluginDefinition } from '../plugins/plugin-registry.js'
import type { PushedMessage } from '../facets/pushed-message.js'
import type { SeedCsvOptions, SeedImportResult, SeedLineImportResult } from '../seed/seed-import.js'

/**
 * Who `host.runAs` runs code as. What is not given stays as it is: the default tenant, no user and no plugin
 * outside any `runAs`.
 *
 * @example
 * ```ts
 * import type { RunAs } from '@tech-vendor/api/testing'
 *
 * const ann: RunAs = { tenant: 'acme', user: { id: 7, username: 'ann' } }
 * ```
 */
export interface RunAs {
  /** The tenant (one of `options.tenants`). */
  readonly tenant?: string
  /** The logged-in user, or `null` for none. */
  readonly user?: PlatformUser | null
  /**
   * The loaded plugin whose code runs, so that its checks apply (such as `BeanContainer`'s `PlatformAdapter`
   * dependency), or `null` for test code.
   */
  readonly plugin?: string | null
}

/**
 * Who code runs as right now: what `host.current()` returns.
 *
 * @example
 * ```ts
 * import type { CurrentIdentity } from '@tech-vendor/api/testing'
 *
 * const outside: CurrentIdentity = { tenant: 'default', user: null, plugin: null }
 * ```
 */
export interface CurrentIdentity {
  /** The tenant. */
  readonly tenant: string
  /** The logged-in user; `null` outside `runAs({ user })` and always in an `AsyncHelper` task. */
  readonly user: PlatformUser | null
  /** The plugin whose code runs, `null` for test code. */
  readonly plugin: string | null
}

/**
 * Options of `host.assertRepeatableOnLoad`.
 *
 * @example
 * ```ts
 * import type { RepeatableOnLoadOptions } from '@tech-vendor/api/testing'
 *
 * const options: RepeatableOnLoadOptions = { ignore: ['AuditLog', 'Setting.lastStartedAt'] }
 * ```
 */
export interface RepeatableOnLoadOptions {
  /** Domains (`'AuditLog'`) or fields (`'Setting.lastStartedAt'`) whose changes are expected at each load. */
  readonly ignore?: readonly string[]
}

/**
 * An in-process platform runtime for unit tests: made by `createTestHost`, bound with `install()`.
 *
 * It implements the whole runtime contract with the platform's semantics: PostgreSQL's query semantics,
 * validation that writes nothing on failure, transactions, tenancy, asynchronous tasks on the event loop,
 * stored files, beans and pushed messages. The documented mismatches hold through it under either linkage.
 *
 * @example
 * ```ts
 * import { SimpleQuery } from '@tech-vendor/api'
 * import { createTestHost } from '@tech-vendor/api/testing'
 *
 * using host = createTestHost({ domains: { Tag: { fields: { name: 'STRING' } } } }).install()
 * console.log(SimpleQuery.count('Tag')) // 0
 * ```
 */
export interface TestHost extends Disposable {
  /** What the host says of itself (name, platform version, library line, linkage). */
  readonly description: RuntimeDescription
  /** Whether the host is the bound runtime now. */
  readonly installed: boolean
  /**
   * Errors thrown by asynchronous tasks (and by work the host refused after it was uninstalled), when no
   * `onError` option was given, oldest first. {@link TestHost.takeErrors} takes and clears them.
   */
  readonly errors: readonly unknown[]
  /** What `MessageHelper.pushMessage` sent, with the tenant and plugin it came from (oldest first). */
  readonly pushedMessages: readonly PushedMessage[]
  /** The loaded plugins. */
  readonly plugins: readonly LoadedPlugin[]

  /**
   * Binds the host, so that the facades reach it.
   *
   * @returns The host, for `using host = createTestHost(...).install()`.
   * @throws `IllegalStateException` when another runtime is bound; the message names both.
   */
  install(): this
  /**
   * Unbinds the host and cancels every task and schedule it holds, so that the process can exit. Work it
   * started that is still running (an `async` task past its first `await`, an awaited `runAs`) is refused from
   * then on: its next facade call throws `IllegalStateException` naming this host, and the error reaches this
   * host's `errors` (or `onError`), whichever host is bound by then.
   */
  uninstall(): void
  /** The same as {@link TestHost.uninstall}, for `using`. */
  [Symbol.dispose](): void

  /**
   * Runs `fn` as a tenant, user and plugin, in a new session.
   *
   * @param identity - Who to run as; what is not given stays as it is.
   * @param fn - The code; an `async` function keeps the identity across its `await`s.
   * @returns What `fn` returns.
   * @throws `IllegalArgumentException` for an unknown key (a typo such as `tennant`), tenant or plugin, or a
   *   malformed user; nothing runs.
   * @throws `IllegalStateException` when the host is not installed; nothing runs.
   */
  runAs<T>(identity: RunAs, fn: () => T): T
  /**
   * Takes the errors of asynchronous tasks kept so far (see {@link TestHost.errors}) and clears them, so
   * that a test that expects a task to fail can check its error and leave the host clean.
   *
   * @returns The errors, oldest first.
   */
  takeErrors(): unknown[]
  /** Who code runs as here. */
  current(): CurrentIdentity
  /**
   * Resolves when every pending one-shot task has run, tasks started by tasks included (schedules from
   * `scheduleAtFixRate` do not count). Under fake timers, advance the clock first (`vi.runAllTimersAsync()`).
   */
  whenIdle(): Promise<void>

  /**
   * The bytes stored under a `StorageFieldValue.key`.
   *
   * @throws `IllegalArgumentException` when nothing is stored under the key.
   */
  readStoredFile(key: string): Uint8Array

  /**
   * Imports seed data CSV into a domain, all or nothing, as the current tenant (or `options.tenant`).
   *
   * @param domain - The domain the file holds, such as `Customer`.
   * @param csv - The CSV text, or `{ path }` of a file to read (UTF-8).
   * @param options - The tenant, and how cells are read (`SeedCsvOptions`).
   * @returns How many objects were created and updated.
   * @throws `SeedDataException` naming the line and column of every problem; nothing is imported.
   */
  importSeedCsv(
    domain: string,
    csv: string | { readonly path: string },
    options?: SeedCsvOptions & { readonly lineByLine?: false },
  ): SeedImportResult
  /**
   * Imports seed data CSV line by line, as the platform's start-up import does: a line with a problem is skipped
   * and reported in `failedLines`, the other lines are imported.
   *
   * @param domain - The domain the file holds, such as `Customer`.
   * @param csv - The CSV text, or `{ path }` of a file to read (UTF-8).
   * @param options - `lineByLine: true`, the tenant, and how cells are read.
   * @returns The counts, the failed lines with their problems, and the ignored columns.
   * @throws `SeedDataException` when the file itself cannot be imported (a CSV syntax error, a header naming no
   *   field): nothing of it is imported.
   */
  importSeedCsv(
    domain: string,
    csv: string | { readonly path: string },
    options: SeedCsvOptions & { readonly lineByLine: true },
  ): SeedLineImportResult

  /**
   * Loads a plugin: reads its manifest, checks its dependencies, constructs its components and calls their
   * `onLoad()` in the plugin's context (the default tenant, no user).
   *
   * @throws `IllegalStateException` when the host is not installed (the plugin's code could not reach it), a
   *   plugin it depends on is not loaded, or one of that name is.
   * @throws `IllegalArgumentException` for an invalid manifest.
   */
  loadPlugin(definition: PluginDefinition): LoadedPlugin
  /** Calls the plugin's `offLoad()`s, cancels its tasks and schedules, and forgets its beans. */
  unloadPlugin(name: string): void
  /** Unloads the plugin and loads it again (new component instances; `onLoad()` runs again). */
  reloadPlugin(name: string): LoadedPlugin
  /**
   * Reloads a loaded plugin and checks that its `onLoad()` is repeatable, as the platform requires: the data
   * is the same after the reload as before (nothing created twice, changed or deleted), in every tenant.
   *
   * @throws AssertionError (`node:assert`) listing what the reload changed.
   */
  assertRepeatableOnLoad(name: string, options?: RepeatableOnLoadOptions): void
}
