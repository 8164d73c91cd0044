import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { DomainHelper, SimpleQuery } from '../../index.js'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import type { SeedLineImportResult, SeedProblem, TestHost } from '../../testing/index.js'
import { SeedDataException } from '../../testing/seed/seed-data-exception.js'
import { SEED_CHANGES, type SeedChanges } from '../../testing/seed/seed-import.js'
import type { DomainCatalog } from '../platform/domain-catalog.js'
import { MODEL_DOMAINS, USER_DOMAINS } from './seed-domains.js'
import { domainOfFile, type SeedFolderPlan } from './seed-folder.js'

/** The status of one file's import (§13.3). */
export type ImportStatus = 'SUCCESS' | 'FAILED' | 'PARTIALLY_FAIL' | 'NO_DATA_IMPORTED'

/** One file's import in one tenant, as its `ImportRecord` holds it. */
export interface FileImport {
  readonly fileName: string
  readonly domainName: string | null
  readonly tenant: string
  readonly status: ImportStatus
  readonly inserted: number
  readonly updated: number
  readonly noUpdate: number
  /** Lines whose object was changed since its last import, and kept its value (§13.6). */
  readonly conflict: number
  readonly failed: number
  readonly ignoredColumns: readonly string[]
  readonly failedLines: readonly { readonly line: number; readonly reason: string }[]
  /** The file is as it was at its last import (the same MD5): it was not imported again (§13.6). */
  readonly unchangedSince?: true
}

/** How the folder import runs. */
export interface FolderImportOptions {
  /** Stop at the first failed line (`strictSeed`, `--strict`). */
  readonly strict: boolean
  /** Told one line per file and one per failed line (`seedLog`). */
  readonly log: ((line: string) => void) | undefined
  /**
   * The data lasts across starts (§15.2): a file as it was at its last import is not imported again, and a
   * changed one keeps the objects changed since their import, unless their line has `OVERWRITE_FLAG` `Y` (§13.6).
   */
  readonly lasting: boolean
}

/**
 * Imports a data folder as the platform does at start (§13.2, §13.3): per tenant, `Organization.csv` first,
 * then the tenant's files ordered so that a file comes after those of the domains it references (the model
 * first, then users, groups and roles, then the rest), each file line by line with an `ImportRecord` written
 * in the tenant.
 *
 * @param host - The emulator's host, installed.
 * @param plan - Where the files are.
 * @param tenants - The emulator's tenants (every one gets the flat layout's files).
 * @param catalog - The domains, for names and references, and which are the platform's (a platform domain's
 *   unknown columns are ignored rather than failing the file).
 * @param options - Strictness, platform domains, the log.
 * @returns Every file's import, in import order.
 * @throws IllegalStateException with `strict`, at the first failed line or failed file, naming it and why.
 * @internal
 */
export function importSeedFolder(
  host: TestHost,
  plan: SeedFolderPlan,
  tenants: readonly string[],
  catalog: DomainCatalog,
  options: FolderImportOptions,
): FileImport[] {
  const imports: FileImport[] = []
  const isDomain = (name: string): boolean => catalog.names.includes(name)
  for (const folder of plan.folders) {
    for (const tenant of folder.tenant === null ? tenants : [folder.tenant]) {
      const files = folder.files.map((path) => ({ path, domain: domainOfFile(path, isDomain) }))
      if (plan.organizationFile !== undefined)
        files.unshift({ path: plan.organizationFile, domain: 'Organization' })
      const order = importOrder(
        catalog,
        files.map((f) => f.domain).filter((d): d is string => d !== undefined),
      )
      // Files named after no domain come last: they fail, and the rest of the folder still imports.
      // Organization.csv bootstraps the tenant: before the model, so that $ROOT_ORG$ names its root organization.
      const rank = (domain: string | undefined): number =>
        domain === undefined ? order.length : domain === 'Organization' ? -1 : order.indexOf(domain)
      const sorted = files
        .map((file, index) => ({ ...file, index }))
        .sort((a, b) => rank(a.domain) - rank(b.domain) || a.index - b.index)
      let rootOrganization: string | undefined
      for (const file of sorted) {
        if (file.domain !== 'Organization' && rootOrganization === undefined)
          rootOrganization = rootOrganizationOf(host, tenant)
        const done = importFile(host, plan, folder.folder, tenant, file.path, file.domain, {
          rootOrganization: rootOrganization ?? tenant,
          ignoreUnknownColumns: file.domain !== undefined && catalog.isPlatformDomain(file.domain),
          changes: options.lasting ? catalog : undefined,
        })
        imports.push(done)
        report(done, options)
      }
      if (rootOrganization === undefined) rootOrganizationOf(host, tenant)
    }
  }
  return imports
}

/**
 * The name `$ROOT_ORG$` stands for in a tenant: its organization without a parent whose `tenant` is the tenant
 * (from `Organization.csv`), else an organization named after the tenant, made when there is none.
 */
function rootOrganizationOf(host: TestHost, tenant: string): string {
  return host.runAs({ tenant, user: null }, () => {
    const [root] = SimpleQuery.of('Organization').eq('tenant', tenant).isNull('parent').list(0, 1)
    if (root !== undefined) return root['name'] as string
    const [named] = SimpleQuery.of('Organization').eq('name', tenant).list(0, 1)
    if (named === undefined) {
      DomainHelper.createDomain(
        DomainHelper.buildDomain('Organization', { name: tenant, tenant, subDomain: tenant }),
      )
    }
    return tenant
  })
}

/** Imports one file into one tenant, line by line, and writes its `ImportRecord`. */
function importFile(
  host: TestHost,
  plan: SeedFolderPlan,
  folder: string,
  tenant: string,
  path: string,
  domain: string | undefined,
  how: { rootOrganization: string; ignoreUnknownColumns: boolean; changes: DomainCatalog | undefined },
): FileImport {
  const fileName = relative(plan.root, path)
  const text = readFileSync(path, 'utf8')
  const header = headerOf(text)
  const md5 = createHash('md5').update(text).digest('hex')
  if (how.changes !== undefined) {
    const last = lastImport(host, tenant, fileName)
    if (last !== undefined && last['csvFileMD5'] === md5) return unchangedSince(last, tenant)
  }
  const tracker =
    how.changes === undefined || domain === undefined
      ? undefined
      : new ChangeTracker(host, tenant, how.changes)
  let result: SeedLineImportResult | undefined
  let failure: readonly SeedProblem[] = []
  if (domain === undefined) {
    const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1)
    failure = [
      {
        line: 0,
        column: 0,
        message: `${base} is named after no domain: name a seed file <Domain>.csv or <Domain>_<anything>.csv`,
      },
    ]
  } else {
    try {
      result = host.importSeedCsv(
        domain,
        { path },
        {
          tenant,
          lineByLine: true,
          fileFolders: [folder, plan.root],
          rootOrganization: how.rootOrganization,
          ignoreUnknownColumns: how.ignoreUnknownColumns,
          ...(tracker === undefined ? {} : { [SEED_CHANGES]: tracker }),
        },
      )
      tracker?.record()
    } catch (error) {
      if (!SeedDataException.is(error)) throw error
      failure = error.problems
    }
  }
  const problems = result?.failedLines ?? failure
  const inserted = result?.created ?? 0
  const updated = result?.updated ?? 0
  const noUpdate = result?.unchanged ?? 0
  const failed = result?.failed ?? 0
  const status: ImportStatus =
    result === undefined
      ? 'FAILED'
      : inserted + updated + noUpdate + failed === 0
        ? 'NO_DATA_IMPORTED'
        : failed === 0
          ? 'SUCCESS'
          : inserted + updated + noUpdate === 0
            ? 'FAILED'
            : 'PARTIALLY_FAIL'
  const failedLines = problems.map((p) => ({
    line: p.line,
    reason: p.column === 0 ? p.message : `column ${p.column}: ${p.message}`,
  }))
  const done: FileImport = {
    fileName,
    domainName: domain ?? null,
    tenant,
    status,
    inserted,
    updated,
    noUpdate,
    conflict: tracker?.conflicted ?? 0,
    failed: result === undefined ? Math.max(1, new Set(problems.map((p) => p.line)).size) : failed,
    ignoredColumns: result?.ignoredColumns ?? [],
    failedLines,
  }
  host.runAs({ tenant, user: null }, () =>
    DomainHelper.createDomain(
      DomainHelper.buildDomain('ImportRecord', {
        fileName,
        domainName: done.domainName,
        tenant,
        csvFileHeader: header,
        csvFileMD5: md5,
        status,
        inserted,
        updated,
        noUpdate,
        conflict: done.conflict,
        failed: done.failed,
        ignoredColumns: done.ignoredColumns.length === 0 ? null : done.ignoredColumns.join(','),
        failedLines: JSON.stringify(failedLines),
      }),
    ),
  )
  return done
}

/** The tenant's latest `ImportRecord` of a file, if it was imported before. */
function lastImport(host: TestHost, tenant: string, fileName: string): Record<string, unknown> | undefined {
  return host.runAs({ tenant, user: null }, () => {
    const [last] = SimpleQuery.of('ImportRecord').eq('fileName', fileName).list(0, 1, ['id'], false)
    return last
  })
}

/** A file's import that did not run: the file is as its last import read it. */
function unchangedSince(last: Record<string, unknown>, tenant: string): FileImport {
  return {
    fileName: last['fileName'] as string,
    domainName: (last['domainName'] as string | null) ?? null,
    tenant,
    status: last['status'] as ImportStatus,
    inserted: 0,
    updated: 0,
    noUpdate: 0,
    conflict: 0,
    failed: 0,
    ignoredColumns: [],
    failedLines: [],
    unchangedSince: true,
  }
}

/**
 * What a re-import asks of each object (§13.6): an object whose fields differ from how its last import left them
 * was changed since (over REST, by logic) and keeps its value, unless its line says `OVERWRITE_FLAG` `Y`. After
 * the file, {@link ChangeTracker.record} keeps how the import left each object it read, as `ImportedObject`s.
 */
class ChangeTracker implements SeedChanges {
  /** How many lines were conflicts. */
  conflicted = 0
  readonly #host: TestHost
  readonly #tenant: string
  readonly #catalog: DomainCatalog
  /** The objects the file's lines reached, by domain. */
  readonly #reached = new Map<string, Set<number>>()
  /** The `ImportedObject` records of each domain, by object id, read once per file. */
  readonly #known = new Map<string, Map<number, Record<string, unknown>>>()

  constructor(host: TestHost, tenant: string, catalog: DomainCatalog) {
    this.#host = host
    this.#tenant = tenant
    this.#catalog = catalog
  }

  conflicts(domain: string, existing: { readonly id: number }, overwrite: boolean): boolean {
    const known = this.#knownOf(domain).get(existing.id)
    if (known === undefined || overwrite) return false
    if (known['fingerprint'] === this.#fingerprint(domain, existing.id)) return false
    this.conflicted++
    return true
  }

  imported(domain: string, id: number): void {
    let ids = this.#reached.get(domain)
    if (ids === undefined) this.#reached.set(domain, (ids = new Set()))
    ids.add(id)
  }

  /** Keeps how the import left each object it reached. */
  record(): void {
    this.#host.runAs({ tenant: this.#tenant, user: null }, () => {
      for (const [domain, ids] of this.#reached) {
        const known = this.#knownOf(domain)
        const created: ReturnType<typeof DomainHelper.buildDomain>[] = []
        for (const id of ids) {
          const fingerprint = this.#fingerprint(domain, id)
          const record = known.get(id)
          if (record === undefined)
            created.push(
              DomainHelper.buildDomain('ImportedObject', { domainName: domain, objectId: id, fingerprint }),
            )
          else if (record['fingerprint'] !== fingerprint)
            DomainHelper.updateDomain(Object.assign(record, { fingerprint }))
        }
        if (created.length > 0) DomainHelper.batchCreate('ImportedObject', created)
      }
    })
  }

  #knownOf(domain: string): Map<number, Record<string, unknown>> {
    let known = this.#known.get(domain)
    if (known === undefined) {
      const records = SimpleQuery.of('ImportedObject').eq('domainName', domain).listAll() as Record<
        string,
        unknown
      >[]
      known = new Map(records.map((record) => [Number(record['objectId']), record]))
      this.#known.set(domain, known)
    }
    return known
  }

  /** A hash of an object's fields as the wire renders them (references by id). */
  #fingerprint(domain: string, id: number): string {
    const object = SimpleQuery.getById(domain, id)
    return createHash('sha256')
      .update(JSON.stringify(object === null ? null : this.#catalog.render(domain, object)))
      .digest('base64url')
      .slice(0, 22)
  }
}

/** Tells the log about a file (and each failed line); with `strict`, stops at the first failure. */
function report(done: FileImport, options: FolderImportOptions): void {
  if (done.unchangedSince === true) {
    options.log?.(
      `seed ${done.fileName} -> ${done.domainName ?? '(no domain)'} [${done.tenant}]: not imported again, unchanged since its last import`,
    )
    return
  }
  const conflicts = done.conflict === 0 ? '' : `, ${done.conflict} kept as changed since their import`
  const counts = `${done.inserted} inserted, ${done.updated} updated, ${done.noUpdate} unchanged${conflicts}, ${done.failed} failed`
  const ignored =
    done.ignoredColumns.length === 0 ? '' : `; ignored columns: ${done.ignoredColumns.join(', ')}`
  options.log?.(
    `seed ${done.fileName} -> ${done.domainName ?? '(no domain)'} [${done.tenant}]: ${done.status} (${counts}${ignored})`,
  )
  for (const { line, reason } of done.failedLines) {
    options.log?.(`  ${done.fileName}${line === 0 ? '' : ` line ${line}`}: ${reason}`)
  }
  const first = done.failedLines[0]
  if (options.strict && first !== undefined) {
    throw new IllegalStateException(
      `strictSeed: ${done.fileName} (tenant ${done.tenant})${first.line === 0 ? '' : ` line ${first.line}`} failed: ${first.reason}`,
    )
  }
}

/** A file's header line: its first line that is neither blank nor a `;` comment, without a byte order mark. */
function headerOf(text: string): string | null {
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (line.trim() !== '' && !line.startsWith(';')) return line
  }
  return null
}

/**
 * The domains in import order: the model first, then users, groups and roles, then the rest, each after the
 * domains it references (cycles keep that order).
 */
function importOrder(catalog: DomainCatalog, domains: readonly string[]): string[] {
  const wanted = new Set(domains)
  const ordered: string[] = []
  const visiting = new Set<string>()
  const visit = (domain: string): void => {
    if (ordered.includes(domain) || visiting.has(domain)) return
    visiting.add(domain)
    for (const target of catalog.referencesOf(domain)) if (wanted.has(target)) visit(target)
    visiting.delete(domain)
    ordered.push(domain)
  }
  const rank = (domain: string): number =>
    MODEL_DOMAINS.includes(domain) ? 0 : USER_DOMAINS.includes(domain) ? 1 : 2
  const start = [...catalog.names].sort((a, b) => rank(a) - rank(b))
  for (const domain of start) if (wanted.has(domain)) visit(domain)
  return ordered
}
