import { randomBytes } from 'node:crypto'
import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'
import { IllegalStateException } from '../errors/illegal-state-exception.js'
import { createTestHost } from '../testing/host/create-test-host.js'
import type { Store, TestHost } from '../testing/index.js'
import { lastingStore } from '../testing/store/lasting-store.js'
import { pgliteStore } from '../testing/store/pglite/pglite-store.js'
import { persistDir } from './options/persist-dir.js'
import { Authenticator } from './auth/authenticator.js'
import { checkOptions, type CheckedOptions } from './options/check-options.js'
import { createApp } from './create-app.js'
import { importSeedFolder } from './seed/import-folder.js'
import { underStartLock } from './seed/start-lock.js'
import { exportSeedFolder, type ExportPlan, type ExportSummary } from './seed/export-folder.js'
import { SEED_DOMAINS, USER_DOMAINS } from './seed/seed-domains.js'
import { memoryStore } from '../testing/store/memory/memory-store.js'
import { WriteWatch } from './platform/write-watch.js'
import { HookRecords } from './hooks/hook-records-cache.js'
import { asResponse } from './wire/json-answer.js'
import { seedConfigRecords } from './platform/config-records.js'
import { DomainCatalog } from './platform/domain-catalog.js'
import type { Emulator } from './emulator.js'
import type { EmulatorOptions, ListenOptions, UserChanges } from './options/emulator-options.js'
import type { EmulatorApp, EmulatorParts } from './emulator-parts.js'
import { startHttpServer, type RunningServer } from './serve/http-server.js'
import { GroovyEngine } from './logic/groovy/groovy-engine.js'
import { JavaScriptCodeEngine } from './logic/javascript-code-engine.js'
import { guardProcess, strayWorkLine } from './serve/process-guard.js'
import { LogicRunner } from './logic/logic-runner.js'
import { RequestGate } from './logic/request-gate.js'
import { SERVED_APPLICATION, type ServedApplication } from './options/served-application.js'
import { TypeScriptFunctionEngine } from './logic/typescript-function-engine.js'
import { PLATFORM_DOMAINS, seedPlatformRecords } from './platform/platform-domains.js'
import { checkSeededRecords } from './platform/record-rules.js'
import { seedDomainClassRecords } from './platform/domain-class-records.js'
import { TokenService } from './auth/token-service.js'
import { DEFAULT_USERS, UserDirectory } from './auth/user-directory.js'

/**
 * Creates the platform emulator: the platform's REST API (login and tokens, the generic object endpoints,
 * search, permissions, dynamic services, webhooks, object actions, attachments, dashboards, configuration)
 * served over a reference host, with the platform's documented rules and quirks on the wire.
 *
 * At start the emulator creates its host with the application's domains and the platform's, installs it,
 * seeds the platform records in every tenant, imports every `<Domain>.csv` of `dataDir`, and loads the plugins.
 * It answers in-process with `fetch`; `listen` serves it over HTTP.
 *
 * @param options - Domains with role requirements, users, settings, the clock, TypeScript logic, seed data,
 *   plugins.
 * @returns The emulator, its host installed.
 * @throws `IllegalArgumentException` listing every problem of the options.
 * @throws `IllegalStateException` when a runtime is already bound in this process (another emulator or an
 *   installed test host): one runs per process.
 * @throws `SeedDataException` when a CSV of `dataDir` cannot be imported.
 * @see {@link Emulator}
 * @example
 * ```ts
 * import { createEmulator } from '@tech-vendor/api/emulator'
 *
 * await using emulator = createEmulator({
 *   domains: { Order: { fields: { status: { type: 'STRING', required: true } }, roles: { delete: ['ROLE_ADMIN'] } } },
 *   users: [{ username: 'ann', password: 'secret', roles: ['ROLE_USER'] }],
 * })
 * const baseUrl = await emulator.listen()
 * console.log(`curl -X POST ${baseUrl}/auth/login -H 'content-type: application/json' -d '{"username":"ann","password":"secret"}'`)
 * ```
 */
export function createEmulator(options: EmulatorOptions = {}): Emulator {
  return new PlatformEmulator(options)
}

class PlatformEmulator implements Emulator {
  readonly ready: Promise<void>
  /** The host, once started; {@link PlatformEmulator.host} says why not before. */
  #host: TestHost | undefined
  /** Why the start failed, once it did. */
  #failed: unknown
  /** The store the emulator made itself (`persist`), which it closes at close(). */
  #ownStore: Store | undefined;
  // Set by #start, which the constructor runs (or, with persist, the start once the database is open).
  [SERVED_APPLICATION]!: ServedApplication
  #users!: UserDirectory
  /** Whether the users are the default `admin`/`admin` (no `users` option). */
  readonly #defaultUsers: boolean
  #app!: EmulatorApp
  #groovy!: GroovyEngine
  /** What exportData leaves out (what the options give at each start), and where requests queue. */
  #export!: { readonly plan: ExportPlan; readonly gate: RequestGate }

  /** Where a logic's stray error is reported while listening: the console (stderr). */
  readonly #report = (line: string): void => console.error(line)
  /** What removes the process handlers `listen` installed, or `undefined`. */
  #unguard: (() => void) | undefined
  #listening: Promise<RunningServer> | undefined
  #closed = false
  /** How to reject each in-process call still waiting for its answer, for close(). */
  readonly #pending = new Set<() => void>()

  constructor(options: EmulatorOptions) {
    const checked = checkOptions(options)
    this.#defaultUsers = checked.users === DEFAULT_USERS
    const given = checked.host.store
    if (checked.persist === undefined) {
      this.#start(checked, given === undefined ? undefined : lastingStore(given))
      this.ready = Promise.resolve()
    } else {
      this.ready = this.#openPersisted(checked, checked.persist)
      // fetch and listen wait for it and reject as it did; a start that fails is not also an unhandled rejection.
      this.ready.catch(() => undefined)
    }
  }

  get host(): TestHost {
    return this.#started('host')
  }

  /** The host, once the emulator has started; else why it has not. */
  #started(member: string): TestHost {
    if (this.#host !== undefined) return this.#host
    throw new IllegalStateException(
      this.#failed === undefined
        ? `emulator.${member}: the emulator is still opening its persist directory; await emulator.ready first.`
        : `emulator.${member}: the emulator did not start (${(this.#failed as Error).message}).`,
    )
  }

  /** Opens the PGlite database of a `persist` directory, then starts on it. */
  async #openPersisted(checked: CheckedOptions, dir: string): Promise<void> {
    try {
      const store = await pgliteStore({ dataDir: persistDir(dir).database })
      this.#ownStore = store
      if (this.#closed) throw this.#closedError('start')
      this.#start(checked, lastingStore(store))
    } catch (error) {
      this.#failed = error
      await this.#ownStore?.close()
      throw error
    }
  }

  /** Creates and installs the host on its store, seeds it, and makes the app. */
  #start(checked: CheckedOptions, store: Store | undefined): void {
    // Every write to the user domains in this process, whoever makes it, tells the user directory to read again.
    const userWrites = new WriteWatch(USER_DOMAINS)
    // And every write to the object hooks, or the domain classes they name, tells the writes to read them again.
    const hookWrites = new WriteWatch(['DomainClass', 'DynamicObjectHook'])
    // A database other processes write too (SPEC §15.2): their writes are not seen here, so nothing is cached,
    // and the start's seeding waits for theirs.
    const shared = store?.kind === 'PostgreSQL'
    const cache = !shared
    const host = createTestHost({
      ...checked.host,
      // Work logic or plugin code left running (an AsyncHelper task, a promise nobody awaited) fails outside
      // any request: reported as one line, as the platform logs a failed thread, not kept in host.errors.
      onError: (error) => this.#report(strayWorkLine(error)),
      store: hookWrites.store(userWrites.store(store ?? memoryStore())),
      domains: { ...checked.domains, ...checked.seedDomains, ...PLATFORM_DOMAINS, ...SEED_DOMAINS },
    })
    try {
      host.install()
    } catch (error) {
      throw new IllegalStateException(
        'createEmulator: another runtime is bound in this process, and the emulator binds its own host. One emulator or ' +
          'installed test host runs per process: close the other first (await emulator.close(), host.uninstall()). ' +
          `The binding said: ${(error as Error).message}`,
        { cause: error },
      )
    }
    try {
      const catalog = new DomainCatalog({ ...checked.domains, ...checked.seedDomains }, checked.roles)
      const seed = (): void => {
        // The users of the options first, so that the first of them has the first id.
        UserDirectory.addUsers(host, checked.users, checked.defaultTenant)
        seedPlatformRecords(host, checked.tenants, Object.keys(checked.logic))
        seedConfigRecords(host, checked.tenants, checked.settings)
        // Before the seed folder's files, which may update them by shortName.
        seedDomainClassRecords(host, checked.tenants, { ...checked.domains, ...checked.seedDomains })
        if (checked.seedPlan !== undefined) {
          importSeedFolder(host, checked.seedPlan, checked.tenants, catalog, {
            strict: checked.strictSeed,
            log: checked.seedLog,
            lasting: checked.lasting,
          })
        }
        checkSeededRecords(host, checked.tenants)
      }
      // Emulators sharing a database start one at a time, so that none seeds what another is seeding.
      if (shared) underStartLock(host, checked.defaultTenant, seed)
      else seed()
      for (const plugin of checked.plugins) host.loadPlugin(plugin)
      const users = new UserDirectory(
        host,
        [checked.defaultTenant, ...checked.tenants.filter((t) => t !== checked.defaultTenant)],
        userWrites,
        { cache },
      )
      const tokens = new TokenService(checked.tokens, checked.now)
      const access = { host, defaultTenant: checked.defaultTenant, gate: new RequestGate() }
      this.#export = {
        gate: access.gate,
        plan: {
          tenants: checked.tenants,
          defaultTenant: checked.defaultTenant,
          domains: { ...checked.domains, ...checked.seedDomains },
          given: {
            domains: Object.keys(checked.domains),
            // The default administrator is data: a folder with users of its own gets none at its next start.
            users: this.#defaultUsers ? [] : checked.users,
            settings: Object.keys(checked.settings),
            logic: Object.keys(checked.logic),
          },
        },
      }
      this[SERVED_APPLICATION] = Object.freeze({
        tenants: checked.tenants,
        defaultTenant: checked.defaultTenant,
        domains: Object.keys({ ...checked.domains, ...checked.seedDomains }),
        logins: () => users.logins(),
      })
      this.#groovy = new GroovyEngine({
        access,
        domains: checked.domains,
        // A script's log(...) lines go to stderr: the access log's entries are requests, not log lines.
        log: (line) => process.stderr.write(`${line}\n`),
        enabled: checked.groovy,
      })
      const parts: EmulatorParts = {
        ...access,
        catalog,
        users,
        tokens,
        auth: new Authenticator(tokens, users),
        hookRecords: new HookRecords(hookWrites, { cache }),
        logic: new LogicRunner(
          [new JavaScriptCodeEngine(), new TypeScriptFunctionEngine(checked.logic), this.#groovy],
          access,
          checked.logicTimeoutMs,
        ),
        settings: checked.settings,
        tenants: checked.tenants,
        now: checked.now,
        logicTimeoutMs: checked.logicTimeoutMs,
      }
      this.#app = createApp(parts, {
        limits: checked.limits,
        accessLog: checked.accessLog,
        cors: checked.cors,
      })
      this.#users = users
    } catch (error) {
      host.uninstall()
      throw error
    }
    this.#host = host
  }

  readonly fetch = async (input: Request | URL | string, init?: RequestInit): Promise<Response> => {
    this.#checkOpen('fetch')
    const request =
      input instanceof Request
        ? init === undefined
          ? input
          : new Request(input, init)
        : new Request(new URL(String(input), 'http://localhost'), init)
    return new Promise<Response>((resolve, reject) => {
      const closed = (): void =>
        reject(
          new IllegalStateException(
            `emulator.fetch: the emulator was closed before it answered ${request.method} ${new URL(request.url).pathname}; the call has no answer.`,
          ),
        )
      this.#pending.add(closed)
      void this.ready
        .then(async () => asResponse(await this.#app.fetch(request, {})))
        .then(resolve, reject)
        .finally(() => this.#pending.delete(closed))
    })
  }

  async listen(options?: ListenOptions): Promise<string> {
    this.#checkOpen('listen')
    await this.ready
    this.#checkOpen('listen')
    if (this.#listening !== undefined) {
      throw new IllegalStateException(
        'emulator.listen: the emulator is already listening; close it before listening again.',
      )
    }
    this.#withholdDefaultPassword()
    this.#listening = startHttpServer(
      (request, listenHostname) => this.#app.fetch(request, { listenHostname }),
      options,
    )
    try {
      const { url } = await this.#listening
      this.#unguard = guardProcess(this.#report)
      return url
    } catch (error) {
      this.#listening = undefined
      throw error
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    for (const closed of this.#pending) closed()
    this.#pending.clear()
    // A start still opening its persist directory finishes (or fails) first; a failed one closed its store.
    await this.ready.catch(() => undefined)
    const host = this.#host
    if (host === undefined) return
    try {
      const server = await this.#listening?.catch(() => undefined)
      await server?.close()
      await this.#groovy.close()
    } finally {
      this.#unguard?.()
      host.uninstall()
      await this.#ownStore?.close()
    }
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close()
  }

  updateUser(username: string, changes: UserChanges): void {
    this.#checkOpen('updateUser')
    this.#started('updateUser')
    this.#users.update(username, changes)
  }

  async exportData(folder: string): Promise<ExportSummary> {
    this.#checkOpen('exportData')
    await this.ready
    if (typeof folder !== 'string' || folder === '')
      throw new IllegalArgumentException(
        'emulator.exportData expects the path of a folder to write, such as ./my-data.',
      )
    // Between requests: one that awaits inside a transaction would otherwise be read half done.
    return this.#export.gate.run(() =>
      Promise.resolve().then(() => exportSeedFolder(this.host, this.#export.plan, folder)),
    )
  }

  /**
   * The rule of `vendor-api serve`, once the emulator listens: the default administrator's well-known password
   * is not served over HTTP, where any program of the machine (or a page that rebinds a name) can try it and an
   * administrator can run code in this process. It is replaced by one made up now, unless `users` were given or
   * `updateUser` already set another.
   */
  #withholdDefaultPassword(): void {
    const [admin] = DEFAULT_USERS
    if (admin === undefined || !this.#defaultUsers) return
    if (this.#users.passwordMatches(admin.username, admin.password))
      this.#users.update(admin.username, { password: randomBytes(12).toString('base64url') })
  }

  #checkOpen(member: string): void {
    if (this.#closed) throw this.#closedError(member)
  }

  #closedError(member: string): IllegalStateException {
    return new IllegalStateException(
      `emulator.${member}: the emulator is closed; create a new one with createEmulator().`,
    )
  }
}
