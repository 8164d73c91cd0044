import { AssertionError } from 'node:assert'
import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import type { PlatformUser } from '../../runtime-contract/facets.js'
import { bindRuntime, currentRuntime, unbindRuntime } from '../../runtime-contract/registry.js'
import type { LibraryLine, RuntimeDescription } from '../../runtime-contract/runtime-description.js'
import type { VendorRuntime } from '../../runtime-contract/vendor-runtime.js'
import { AsyncFacet } from '../facets/async-facet.js'
import { BeanFacet } from '../facets/bean-facet.js'
import { CsvReader } from '../seed/csv.js'
import { seedRecordChunks } from '../seed/seed-record-chunks.js'
import { atomically } from '../store/atomically.js'
import { memoryStore } from '../store/memory/memory-store.js'
import type { HostData, Store, StoreTransaction } from '../store/store.js'
import { DomainFacet } from '../facets/domain-facet.js'
import { buildDomainSchemas } from '../domains/build-domain-schemas.js'
import { isPlainRecord } from '../domains/is-plain-record.js'
import { describeValue } from '../domains/describe-value.js'
import { sameStoredValue } from '../domains/same-stored-value.js'
import type { DomainSchema, StoredRow } from '../domains/schema.js'
import { ErrorSink } from './error-sink.js'
import { ContextStore, holdContexts, type HostContext, type SessionState } from './host-context.js'
import { RUN_IN_TRANSACTION } from './request-transaction.js'
import { MessageFacet } from '../facets/message-facet.js'
import { PluginRegistry, type LoadedPlugin, type PluginDefinition } from '../plugins/plugin-registry.js'
import type { PushedMessage } from '../facets/pushed-message.js'
import { QueryFacet } from '../facets/query-facet.js'
import { RpcFacet } from '../facets/rpc-facet.js'
import { SeedDataException } from '../seed/seed-data-exception.js'
import {
  importSeedRecords,
  SEED_CHANGES,
  type SeedChanges,
  type SeedCellRules,
  type SeedCsvOptions,
  type SeedImportResult,
  type SeedLineImportResult,
  type SeedRecord,
} from '../seed/seed-import.js'
import type { SeedProblem } from '../seed/seed-data-exception.js'
import { mimeTypeOf } from '../seed/mime-type.js'
import { StorageFacet } from '../facets/storage-facet.js'
import type { StorageOption, TestHostOptions } from './test-host-options.js'
import type { CurrentIdentity, RepeatableOnLoadOptions, RunAs, TestHost } from './test-host.js'
import { isThenable } from '../../api/is-thenable.js'
import { unknownOptions } from './unknown-options.js'

const OPTION_NAMES: ReadonlySet<string> = new Set([
  'name',
  'domains',
  'linkage',
  'platformVersion',
  'libraryLine',
  'tenants',
  'defaultTenant',
  'onError',
  'storage',
  'seed',
  'beans',
  'deprecationWarnings',
  'store',
])

const RUN_AS_KEYS: readonly string[] = ['tenant', 'user', 'plugin']

/**
 * Creates a reference host: an in-process platform runtime for unit tests of plugin code, with the
 * platform's semantics. Bind it with `install()`; `uninstall()` (or `using`) unbinds it and cancels what it
 * scheduled.
 *
 * The whole definition is checked up front: every problem of the options and the domain definitions is
 * reported at once.
 *
 * @param options - Domains, tenants, linkage, platform version, storage, seed data, beans, error sink.
 * @returns The host, not yet installed.
 * @throws `IllegalArgumentException` listing every problem of the options.
 * @throws `SeedDataException` when `options.seed` cannot be imported.
 * @see {@link TestHost}
 * @example
 * ```ts
 * import { DomainHelper, SimpleQuery } from '@tech-vendor/api'
 * import { createTestHost } from '@tech-vendor/api/testing'
 *
 * using host = createTestHost({
 *   domains: {
 *     Customer: { fields: { name: { type: 'STRING', required: true } }, labelField: 'name' },
 *     Order: { fields: { status: 'STRING', customer: { type: 'DOMAIN_OBJECT', domain: 'Customer' } } },
 *   },
 *   seed: { Customer: [{ 'name(*)': 'Ann' }] },
 * }).install()
 *
 * const ann = SimpleQuery.of('Customer').eq('name', 'Ann').get()
 * DomainHelper.createDomain(DomainHelper.buildDomain('Order', { status: 'OPEN', customer: ann }))
 * console.log(SimpleQuery.count('Order')) // 1
 * ```
 */
export function createTestHost(options: TestHostOptions = {}): TestHost {
  return new ReferenceHost(options)
}

class ReferenceHost implements TestHost {
  readonly description: RuntimeDescription
  readonly #runtime: VendorRuntime
  readonly #contexts: ContextStore
  readonly #tenants: readonly string[]
  readonly #sink: ErrorSink
  readonly #store: Store
  readonly #schemas: ReadonlyMap<string, DomainSchema>
  readonly #seed: unknown
  /** The host's data in its store, opened on first use; `undefined` again when the store discarded it. */
  #data: HostData | undefined
  readonly #domains: DomainFacet
  readonly #storage: StorageFacet
  readonly #async: AsyncFacet
  readonly #messages: MessageFacet
  readonly #plugins: PluginRegistry
  readonly #deprecationWarnings: 'per-host' | 'per-process'

  constructor(options: TestHostOptions) {
    const checked = checkOptions(options)
    const schemas = buildDomainSchemas(options.domains)
    this.description = Object.freeze({
      name: checked.name,
      platformVersion: checked.platformVersion,
      libraryLine: checked.libraryLine,
      linkage: checked.linkage,
    })
    this.#tenants = checked.tenants
    this.#deprecationWarnings = checked.deprecationWarnings
    this.#sink = new ErrorSink(options.onError)
    this.#contexts = new ContextStore(checked.name, checked.defaultTenant, this.#sink)
    this.#store = checked.store
    this.#schemas = schemas
    this.#seed = options.seed
    const data = (): HostData => this.#hostData()
    this.#storage = new StorageFacet(this.#contexts, data, checked.storage)
    this.#domains = new DomainFacet(data, this.#contexts)
    this.#async = new AsyncFacet(this.#contexts, this.#sink)
    this.#messages = new MessageFacet(this.#contexts)
    this.#plugins = new PluginRegistry(
      this.#contexts,
      this.#async,
      checked.defaultTenant,
      Object.freeze([...checked.beans]),
    )
    this.#runtime = Object.freeze({
      description: this.description,
      storage: this.#storage,
      query: new QueryFacet(data, this.#domains, this.#contexts, checked.name),
      domain: this.#domains,
      beans: new BeanFacet(this.#contexts, this.#plugins),
      async: this.#async,
      messages: this.#messages,
      rpc: new RpcFacet(this.#contexts, this.#plugins),
    })
    // Seed data is imported now, so that a bad seed fails createTestHost.
    if (options.seed !== undefined) this.#hostData()
  }

  get installed(): boolean {
    return currentRuntime() === this.#runtime
  }

  get errors(): readonly unknown[] {
    return this.#sink.errors
  }

  get pushedMessages(): readonly PushedMessage[] {
    return this.#messages.pushed
  }

  get plugins(): readonly LoadedPlugin[] {
    return this.#plugins.list()
  }

  install(): this {
    bindRuntime(this.#runtime, {
      deprecationWarnings: this.#deprecationWarnings === 'per-process' ? 'per-process' : 'per-binding',
    })
    this.#contexts.start()
    this.#async.reopen()
    return this
  }

  uninstall(): void {
    this.#async.close()
    this.#contexts.end()
    unbindRuntime(this.#runtime)
    // A PostgreSQL store rolls the host's data back and is free for the next host; the next use reopens it.
    if (this.#data?.release() === true) this.#data = undefined
  }

  /** The host's data, opened (and seeded from `options.seed`) on first use. */
  #hostData(): HostData {
    if (this.#data !== undefined) return this.#data
    this.#data = this.#store.open({
      hostName: this.description.name,
      schemas: this.#schemas,
      tenants: this.#tenants,
    })
    if (this.#seed !== undefined) {
      try {
        this.#importSeedOption(this.#seed)
      } catch (error) {
        // A seed that fails leaves nothing open: the store stays free for a host with a good one.
        if (this.#data.release()) this.#data = undefined
        throw error
      }
    }
    return this.#data
  }

  takeErrors(): unknown[] {
    return this.#sink.take()
  }

  [Symbol.dispose](): void {
    this.uninstall()
  }

  runAs<T>(identity: RunAs, fn: () => T): T {
    const context = this.#contextFor(identity, fn, 'host.runAs')
    const result = this.#contexts.run(context, fn)
    if (!isThenable(result)) return result
    // Its continuations must still be told apart if the host is uninstalled before it settles; a rejection
    // after that reaches this host's errors too. The caller gets a promise of its own, which rejects as
    // `fn`'s did, so an unawaited failure is still an unhandled rejection.
    const release = holdContexts()
    return Promise.resolve(result).then(
      (value) => {
        release()
        return value
      },
      (error: unknown) => {
        release()
        if (!context.owner.live && typeof error === 'object' && error !== null)
          context.owner.reportLeftover(error)
        throw error
      },
    ) as T
  }

  async [RUN_IN_TRANSACTION]<T>(identity: RunAs, work: () => Promise<T>): Promise<T> {
    const who = this.#contextFor(identity, work, 'runInTransaction')
    const data = this.#hostData()
    const around = this.#contexts.current().session
    if (around.transaction !== undefined && around.tenant === who.tenant)
      return this.#joinTransaction(data, who, around.transaction, work)
    const transaction = data.begin(who.tenant)
    const session: SessionState = { tenant: who.tenant, transaction }
    const context: HostContext = Object.freeze({ ...who, session })
    const release = holdContexts()
    let settled = false
    try {
      const result = await this.#contexts.run(context, work)
      settled = true
      if (transaction.rollbackOnly) {
        data.rollback(transaction)
        throw new IllegalStateException(
          'Transaction rolled back because it has been marked as rollback-only: a QueryHelper.withTransaction call ' +
            'that joined it threw or called setRollbackOnly(); nothing was committed.',
        )
      }
      data.commit(transaction)
      return result
    } catch (error) {
      if (!settled) {
        data.rollback(transaction)
        // Work the request left running (a timer, a future's callback) must not write after the rollback.
        session.ended = 'runInTransaction'
      }
      throw error
    } finally {
      session.transaction = undefined
      release()
    }
  }

  /**
   * Runs work inside a transaction that is running in its tenant (a logic's own transaction inside a request's):
   * its writes commit or roll back with that transaction, and are undone to a savepoint when the work rejects.
   * Work it left running that reaches the host after that rejection is refused, as after a rollback of its own.
   */
  async #joinTransaction<T>(
    data: HostData,
    who: HostContext,
    transaction: StoreTransaction,
    work: () => Promise<T>,
  ): Promise<T> {
    const session: SessionState = { tenant: who.tenant, transaction }
    const context: HostContext = Object.freeze({ ...who, session })
    const savepoint = data.savepoint(transaction)
    const release = holdContexts()
    try {
      return await this.#contexts.run(context, work)
    } catch (error) {
      data.rollbackTo(transaction, savepoint)
      session.ended = 'runInTransaction'
      throw error
    } finally {
      release()
    }
  }

  /**
   * The context to run as, checked as `host.runAs` checks it: the tenant, user and plugin given, else the current
   * ones.
   */
  #contextFor(identity: RunAs, fn: unknown, where: string): HostContext {
    if (typeof identity !== 'object' || identity === null || Array.isArray(identity)) {
      throw new IllegalArgumentException(
        `${where} expects who to run as, { tenant?, user?, plugin? }, and a function; got ${describeValue(identity)}.`,
      )
    }
    const unknown = Object.keys(identity).filter((key) => !RUN_AS_KEYS.includes(key))
    if (unknown.length > 0) {
      throw new IllegalArgumentException(
        `${where}: unknown key${unknown.length === 1 ? '' : 's'} ${unknown.map(describeKey).join(', ')}; ` +
          `it takes ${RUN_AS_KEYS.join(', ')}. Nothing ran.`,
      )
    }
    if (typeof fn !== 'function')
      throw new IllegalArgumentException(`${where} expects the code to run as a function.`)
    this.#requireInstalled(where)
    const current = this.#contexts.current()
    const tenant = identity.tenant ?? current.tenant
    this.#checkTenant(tenant, where)
    const user = identity.user === undefined ? current.user : checkUser(identity.user)
    const plugin = identity.plugin === undefined ? current.plugin : identity.plugin
    if (plugin !== null && this.#plugins.manifest(plugin) === undefined) {
      throw new IllegalArgumentException(
        `${where}: no plugin ${JSON.stringify(plugin)} is loaded; load it with host.loadPlugin first.`,
      )
    }
    return this.#contexts.fresh({ tenant, user, plugin })
  }

  current(): CurrentIdentity {
    const { tenant, user, plugin } = this.#contexts.current()
    return { tenant, user, plugin }
  }

  whenIdle(): Promise<void> {
    return this.#async.whenIdle()
  }

  readStoredFile(key: string): Uint8Array {
    return this.#storage.read(key)
  }

  importSeedCsv(
    domain: string,
    csv: string | { readonly path: string },
    options?: SeedCsvOptions & { readonly lineByLine?: false },
  ): SeedImportResult
  importSeedCsv(
    domain: string,
    csv: string | { readonly path: string },
    options: SeedCsvOptions & { readonly lineByLine: true },
  ): SeedLineImportResult
  importSeedCsv(
    domain: string,
    csv: string | { readonly path: string },
    options: SeedCsvOptions = {},
  ): SeedImportResult | SeedLineImportResult {
    const schema = this.#domains.schemaOf(domain, 'host.importSeedCsv')
    let text: string
    let source: string
    if (typeof csv === 'string') {
      text = csv
      source = `(CSV text for ${schema.name})`
    } else if (typeof csv === 'object' && csv !== null && typeof csv.path === 'string') {
      source = csv.path
      try {
        text = readFileSync(csv.path, 'utf8')
      } catch (error) {
        throw new IllegalArgumentException(
          `host.importSeedCsv cannot read ${csv.path}: ${(error as Error).message}`,
          { cause: error },
        )
      }
    } else {
      throw new IllegalArgumentException(
        'host.importSeedCsv expects the CSV as text or as { path } of a file.',
      )
    }
    // The syntax of the whole file first, as before anything is imported; then a chunk of records at a time.
    const syntax = CsvReader.check(text)
    if (syntax !== undefined) throw new SeedDataException(schema.name, source, [syntax])
    const reader = new CsvReader(text)
    const header = reader.read()
    const lineByLine = options.lineByLine === true
    if (header === undefined)
      return lineByLine
        ? { created: 0, updated: 0, unchanged: 0, failed: 0, failedLines: [], ignoredColumns: [] }
        : { created: 0, updated: 0, unchanged: 0 }
    const problems: SeedProblem[] = []
    const records = seedRecordChunks(reader, header, problems)
    const folder = typeof csv === 'string' ? process.cwd() : dirname(resolve(csv.path))
    return this.#runSeed(schema, source, records, problems, options.tenant, {
      fileFolders: options.fileFolders ?? [folder],
      rootOrganization: options.rootOrganization,
      ignoreUnknownColumns: options.ignoreUnknownColumns === true,
      lineByLine,
      changes: (options as { [SEED_CHANGES]?: SeedChanges })[SEED_CHANGES],
    })
  }

  loadPlugin(definition: PluginDefinition): LoadedPlugin {
    this.#requireInstalled('host.loadPlugin')
    return this.#plugins.load(definition)
  }

  unloadPlugin(name: string): void {
    this.#requireInstalled('host.unloadPlugin')
    this.#plugins.unload(name)
  }

  reloadPlugin(name: string): LoadedPlugin {
    this.#requireInstalled('host.reloadPlugin')
    return this.#plugins.reload(name)
  }

  assertRepeatableOnLoad(name: string, options: RepeatableOnLoadOptions = {}): void {
    this.#requireInstalled('host.assertRepeatableOnLoad')
    const ignore = new Set(options.ignore ?? [])
    const before = this.#hostData().snapshot()
    this.#plugins.reload(name)
    const after = this.#hostData().snapshot()
    const changes: string[] = []
    for (const [tenant, domains] of after) {
      for (const [domain, rows] of domains) {
        if (ignore.has(domain)) continue
        const old = before.get(tenant)?.get(domain) ?? new Map<number, StoredRow>()
        const created = [...rows.keys()].filter((id) => !old.has(id))
        const deleted = [...old.keys()].filter((id) => !rows.has(id))
        const changed: string[] = []
        for (const [id, row] of rows) {
          const previous = old.get(id)
          if (previous === undefined) continue
          const fields = Object.keys(row).filter(
            (f) => !ignore.has(`${domain}.${f}`) && !sameStoredValue(row[f], previous[f]),
          )
          if (fields.length > 0) changed.push(`${id} (${fields.join(', ')})`)
        }
        const where = `tenant '${tenant}', ${domain}`
        if (created.length > 0) changes.push(`${where}: created again: ids ${created.join(', ')}`)
        if (deleted.length > 0) changes.push(`${where}: deleted: ids ${deleted.join(', ')}`)
        if (changed.length > 0) changes.push(`${where}: changed: ${changed.join('; ')}`)
      }
    }
    if (changes.length > 0) {
      throw new AssertionError({
        message:
          `onLoad of plugin '${name}' is not repeatable: reloading it changed the data. The platform runs onLoad at every ` +
          `reload, so it must leave the data as it found it (look objects up before creating them; use seed-data keys):\n  - ${changes.join('\n  - ')}`,
      })
    }
  }

  #importSeedOption(seed: unknown): void {
    if (!isPlainRecord(seed)) {
      throw new IllegalArgumentException(
        "createTestHost({ seed }) expects an object of rows by domain, such as { Customer: [{ 'name(*)': 'Ann' }] }.",
      )
    }
    for (const [domain, rows] of Object.entries(seed)) {
      const schema = this.#domains.schemaOf(domain, 'createTestHost({ seed })')
      if (!Array.isArray(rows))
        throw new IllegalArgumentException(
          `createTestHost({ seed }): seed.${domain} must be an array of rows.`,
        )
      const problems = []
      const records: SeedRecord[] = []
      for (const [index, row] of (rows as unknown[]).entries()) {
        if (!isPlainRecord(row)) {
          problems.push({
            line: index + 1,
            column: 0,
            message: `the row is ${row === null ? 'null' : typeof row}, not an object of values by header`,
          })
          continue
        }
        records.push({
          line: index + 1,
          headerLine: index + 1,
          cells: Object.entries(row).map(([header, value], column) => ({
            header,
            column: column + 1,
            value,
            text: false,
            quoted: false,
          })),
        })
      }
      this.#runSeed(schema, `options.seed.${schema.name}`, [records], problems, undefined, {
        fileFolders: [process.cwd()],
        rootOrganization: undefined,
        ignoreUnknownColumns: false,
        lineByLine: false,
      })
    }
  }

  #runSeed(
    schema: DomainSchema,
    source: string,
    records: Iterable<readonly SeedRecord[]>,
    earlier: SeedProblem[],
    tenant: string | undefined,
    how: {
      readonly fileFolders: readonly string[]
      readonly rootOrganization: string | undefined
      readonly ignoreUnknownColumns: boolean
      readonly lineByLine: boolean
      readonly changes?: SeedChanges | undefined
    },
  ): SeedImportResult | SeedLineImportResult {
    const run = (): SeedImportResult | SeedLineImportResult => {
      const session = this.#contexts.current().session
      const data = this.#hostData()
      const rules: SeedCellRules = {
        fileFolders: how.fileFolders,
        rootOrganization: how.rootOrganization ?? session.tenant,
        ignoreUnknownColumns: how.ignoreUnknownColumns,
        changes: how.changes,
        storeFile: (path) =>
          this.#storage.createStorageFileDomain(basename(path), mimeTypeOf(path), readFileSync(path)),
      }
      return atomically(data, session, () => {
        const { result, problems, headerProblems, ignoredColumns } = importSeedRecords(
          data,
          this.#domains,
          session,
          schema,
          records,
          rules,
        )
        if (headerProblems.length > 0) throw new SeedDataException(schema.name, source, headerProblems)
        const all = [...earlier, ...problems].sort((a, b) => a.line - b.line || a.column - b.column)
        if (!how.lineByLine) {
          if (all.length > 0) throw new SeedDataException(schema.name, source, all)
          return result
        }
        return {
          ...result,
          failed: new Set(all.map((p) => p.line)).size,
          failedLines: all,
          ignoredColumns,
        }
      })
    }
    if (tenant === undefined) return run()
    this.#checkTenant(tenant, 'host.importSeedCsv(domain, csv, { tenant })')
    return this.#contexts.run(this.#contexts.fresh({ tenant, user: null, plugin: null }), run)
  }

  #checkTenant(tenant: unknown, where: string): void {
    if (typeof tenant !== 'string' || !this.#tenants.includes(tenant)) {
      throw new IllegalArgumentException(
        `${where}: unknown tenant ${typeof tenant === 'string' ? JSON.stringify(tenant) : describeValue(tenant)}; ` +
          `the host's tenants are ${this.#tenants.join(', ')} (add it to createTestHost({ tenants })).`,
      )
    }
  }

  /** Refuses a host API that runs plugin code, or code as a user, while the host is not the bound runtime. */
  #requireInstalled(where: string): void {
    if (this.installed && this.#contexts.live) return
    const bound = currentRuntime()
    throw new IllegalStateException(
      `${where}: test host '${this.description.name}' is not installed, so the facades would not reach it` +
        (bound === undefined ? '' : ` (runtime '${bound.description.name}' is bound)`) +
        '. Install it first: createTestHost(options).install(), and uninstall the host that is bound.',
    )
  }
}

/** A key of an object as a message shows it, with a hint for a near miss of a `runAs` key. */
function describeKey(key: string): string {
  const near = RUN_AS_KEYS.find((known) => editDistance(known, key.toLowerCase()) <= 2)
  return `${JSON.stringify(key)}${near === undefined ? '' : ` (did you mean '${near}'?)`}`
}

/** The Levenshtein distance between two short strings. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    }
    previous = row
  }
  return previous[b.length] as number
}

/**
 * The checked copy of each frozen user {@link checkUser} was given: its fields cannot change, so it is checked
 * and copied once (the emulator runs every request as its caller's frozen user).
 */
const CHECKED_USERS = new WeakMap<object, PlatformUser>()

function checkUser(user: unknown): PlatformUser | null {
  if (user === null) return null
  const known = typeof user === 'object' ? CHECKED_USERS.get(user) : undefined
  if (known !== undefined) return known
  if (
    typeof user !== 'object' ||
    typeof (user as PlatformUser).id !== 'number' ||
    typeof (user as PlatformUser).username !== 'string'
  ) {
    throw new IllegalArgumentException(
      'host.runAs expects user as { id: number, username: string, name? } or null.',
    )
  }
  const checked = Object.freeze({ ...(user as PlatformUser) })
  if (Object.isFrozen(user)) CHECKED_USERS.set(user, checked)
  return checked
}

interface CheckedOptions {
  readonly name: string
  readonly platformVersion: string
  readonly libraryLine: LibraryLine
  readonly linkage: 'dynamic' | 'static'
  readonly tenants: readonly string[]
  readonly defaultTenant: string
  readonly storage: StorageOption
  readonly beans: readonly object[]
  readonly deprecationWarnings: 'per-host' | 'per-process'
  readonly store: Store
}

function checkOptions(options: TestHostOptions): CheckedOptions {
  if (typeof options !== 'object' || options === null) {
    throw new IllegalArgumentException(
      'createTestHost expects an options object, such as { domains: { ... } }.',
    )
  }
  const problems = unknownOptions(options, OPTION_NAMES)
  const name = options.name ?? 'reference-host'
  if (typeof name !== 'string' || name.trim() === '') problems.push('name must be a non-empty string')
  const platformVersion = options.platformVersion ?? '1.0.0-beta18'
  if (typeof platformVersion !== 'string' || platformVersion.trim() === '')
    problems.push("platformVersion must be a non-empty string such as '1.0.0-beta18'")
  const libraryLine = options.libraryLine ?? '0.0.5'
  if (libraryLine !== '0.0.5' && libraryLine !== '1.0.0')
    problems.push(`libraryLine must be '0.0.5' or '1.0.0', got ${JSON.stringify(libraryLine)}`)
  const linkage = options.linkage ?? 'dynamic'
  if (linkage !== 'dynamic' && linkage !== 'static')
    problems.push(`linkage must be 'dynamic' or 'static', got ${JSON.stringify(linkage)}`)
  const tenants: readonly unknown[] | undefined = Array.isArray(options.tenants ?? ['default'])
    ? (options.tenants ?? ['default'])
    : undefined
  const tenantIds = (tenants ?? []).filter((t): t is string => typeof t === 'string' && t.trim() !== '')
  if (tenants === undefined || tenants.length === 0 || tenantIds.length !== tenants.length) {
    problems.push("tenants must be a non-empty array of tenant ids, such as ['acme', 'globex']")
  } else if (new Set(tenantIds).size !== tenantIds.length) {
    problems.push('tenants must not repeat a tenant')
  }
  const defaultTenant = options.defaultTenant ?? tenantIds[0]
  if (options.defaultTenant !== undefined && !tenantIds.includes(options.defaultTenant)) {
    problems.push(`defaultTenant ${JSON.stringify(options.defaultTenant)} is not one of tenants`)
  }
  if (options.onError !== undefined && typeof options.onError !== 'function')
    problems.push('onError must be a function (error) => void')
  const storage = options.storage ?? { kind: 'memory' }
  if (
    !isPlainRecord(storage) ||
    !(
      storage['kind'] === 'memory' ||
      (storage['kind'] === 'directory' && typeof storage['path'] === 'string' && storage['path'] !== '')
    )
  ) {
    problems.push("storage must be { kind: 'memory' } or { kind: 'directory', path }")
  } else if (storage.kind === 'directory') {
    const problem = prepareDirectory(storage.path)
    if (problem !== undefined) problems.push(problem)
  }
  const deprecationWarnings = options.deprecationWarnings ?? 'per-host'
  const store = options.store ?? memoryStore()
  if (!isStore(store)) {
    problems.push(
      "store must be a store made beforehand: memoryStore(), await pgliteStore() or postgresStore({ url }) from '@tech-vendor/api/testing'",
    )
  }
  if (deprecationWarnings !== 'per-host' && deprecationWarnings !== 'per-process') {
    problems.push(
      `deprecationWarnings must be 'per-host' or 'per-process', got ${describeValue(deprecationWarnings)}`,
    )
  }
  const beans = options.beans ?? []
  if (!Array.isArray(beans) || beans.some((b) => typeof b !== 'object' || b === null))
    problems.push('beans must be an array of objects')
  if (problems.length > 0) {
    throw new IllegalArgumentException(
      `createTestHost was given invalid options (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n  - ${problems.join('\n  - ')}`,
    )
  }
  return {
    name,
    platformVersion,
    libraryLine,
    linkage,
    tenants: Object.freeze(tenantIds),
    defaultTenant: defaultTenant as string,
    storage: storage,
    beans,
    deprecationWarnings,
    store,
  }
}

/** Whether a value has the shape of a {@link Store}. */
function isStore(value: unknown): value is Store {
  if (typeof value !== 'object' || value === null) return false
  const store = value as Partial<Record<keyof Store, unknown>>
  return (
    typeof store.kind === 'string' && typeof store.open === 'function' && typeof store.close === 'function'
  )
}

/**
 * Makes sure a storage directory can take files: created when missing, refused when the path is a file or
 * cannot be created. Returns the problem, if any.
 */
function prepareDirectory(path: string): string | undefined {
  let stats
  try {
    stats = statSync(path, { throwIfNoEntry: false })
    if (stats === undefined) mkdirSync(path, { recursive: true })
  } catch (error) {
    return `storage.path ${JSON.stringify(path)} cannot be used as the storage directory (${(error as Error).message}); give a directory the tests can write`
  }
  if (stats !== undefined && !stats.isDirectory()) {
    return `storage.path ${JSON.stringify(path)} is a file, not a directory; give a directory (it is created when missing)`
  }
  return undefined
}
