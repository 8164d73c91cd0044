import { randomBytes } from 'node:crypto'
import { statSync } from 'node:fs'
import { resolve } from 'node:path'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import type { DomainDefinition, PluginDefinition, TestHostOptions } from '../../testing/index.js'
import type { BodyLimits } from '../wire/incoming-call.js'
import type { DomainRoles, EmulatorOptions, EmulatorUser } from './emulator-options.js'
import type { LogicFunction } from '../logic/logic-request.js'
import { PLATFORM_DOMAIN_NAMES } from '../platform/platform-domains.js'
import { SEED_DOMAIN_NAMES } from '../seed/seed-domains.js'
import { planSeedFolder, type SeedFolderPlan } from '../seed/seed-folder.js'
import { readSeedModel, seedUsernames } from '../seed/seed-model.js'
import type { TokenSettings } from '../auth/token-service.js'
import { isPlainObject } from '../wire/is-plain-object.js'
import { isStringArray } from '../wire/is-string-array.js'
import { DEFAULT_USERS } from '../auth/user-directory.js'
import { unknownOptions } from '../../testing/host/unknown-options.js'
import { keptSecret, persistDir } from './persist-dir.js'
import type { AccessLog } from '../wire/access-log.js'
import { normalOrigin } from '../wire/cors.js'

const OPTION_NAMES: ReadonlySet<string> = new Set([
  'domains',
  'users',
  'settings',
  'now',
  'logic',
  'dataDir',
  'dataEnv',
  'strictSeed',
  'seedLog',
  'plugins',
  'tenants',
  'defaultTenant',
  'storage',
  'platformVersion',
  'store',
  'persist',
  'maxBodyBytes',
  'maxUploadBytes',
  'accessLog',
  'logicTimeoutMs',
  'cors',
  'groovy',
])

const OPERATIONS: ReadonlySet<string> = new Set(['read', 'create', 'update', 'delete'])
const USER_KEYS: ReadonlySet<string> = new Set(['username', 'password', 'roles', 'name', 'tenant', 'enabled'])

/** The settings with their defaults: `security.jwt.expiration` 3600 s, refresh tokens that never expire. */
const DEFAULT_EXPIRATION = 3600

/**
 * The shortest `security.jwt.secret` taken, in UTF-8 bytes: RFC 7518 §3.2 requires a key of at least the hash's
 * size, 256 bits for HS256, and a shorter one can be guessed offline from any token it signed.
 */
const MIN_SECRET_BYTES = 32

/** How long logic may take by default, and at most (the longest delay a Node timer takes). */
const DEFAULT_LOGIC_TIMEOUT_MS = 30_000
const MAX_TIMER_MS = 2 ** 31 - 1

/** The emulator's options, checked, with their defaults. */
export interface CheckedOptions {
  /** What `createTestHost` takes, the domains aside. */
  readonly host: Omit<TestHostOptions, 'domains'>
  /** The application's domains as the host defines them (roles removed). */
  readonly domains: Readonly<Record<string, DomainDefinition>>
  /** The role requirements by domain. */
  readonly roles: ReadonlyMap<string, DomainRoles>
  readonly users: readonly EmulatorUser[]
  readonly tenants: readonly string[]
  readonly defaultTenant: string
  readonly tokens: TokenSettings
  /** Every setting, the defaults included (the secret too: the config routes withhold it). */
  readonly settings: Readonly<Record<string, string | number | boolean>>
  readonly now: () => number
  readonly logic: Readonly<Record<string, LogicFunction>>
  readonly dataDir: string | undefined
  /** Where the data folder's files are; `undefined` without `dataDir`. */
  readonly seedPlan: SeedFolderPlan | undefined
  /** The domains the data folder's model defines (§13.4). */
  readonly seedDomains: Readonly<Record<string, DomainDefinition>>
  readonly strictSeed: boolean
  readonly seedLog: ((line: string) => void) | undefined
  readonly plugins: readonly PluginDefinition[]
  readonly limits: BodyLimits
  readonly accessLog: AccessLog | undefined
  readonly logicTimeoutMs: number
  /** The origins allowed to call from a browser (as browsers write them), or `undefined` for loopback ones. */
  readonly cors: readonly string[] | undefined
  /** Whether GROOVY_CODE logic runs (on a JVM, when Java and Groovy are installed). */
  readonly groovy: boolean
  /** The `persist` directory, or `undefined`. */
  readonly persist: string | undefined
  /** Whether the host's store keeps what it commits (`persist`, or a `store` given): SPEC §15.2. */
  readonly lasting: boolean
}

/**
 * Checks the options of `createEmulator` and fills in the defaults. The host's own options (tenants, storage,
 * the domain definitions' fields) are checked by `createTestHost`.
 *
 * @throws IllegalArgumentException listing every problem at once.
 * @internal
 */
export function checkOptions(options: EmulatorOptions): CheckedOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new IllegalArgumentException(
      'createEmulator expects an options object, such as { domains: { ... } }.',
    )
  }
  const problems = unknownOptions(options, OPTION_NAMES)

  const domains: Record<string, DomainDefinition> = {}
  const roles = new Map<string, DomainRoles>()
  const givenDomains: unknown = options.domains ?? {}
  if (!isPlainObject(givenDomains)) {
    problems.push('domains must be an object of domain definitions by name')
  } else {
    for (const [name, definition] of Object.entries(givenDomains)) {
      if (PLATFORM_DOMAIN_NAMES.includes(name) || SEED_DOMAIN_NAMES.includes(name)) {
        problems.push(
          `domains.${name}: ${name} is a platform domain, which the emulator defines itself; rename yours`,
        )
        continue
      }
      if (!isPlainObject(definition)) {
        domains[name] = definition as DomainDefinition // createTestHost reports it
        continue
      }
      const { roles: domainRoles, ...hostDefinition } = definition
      domains[name] = hostDefinition as unknown as DomainDefinition
      if (domainRoles === undefined) continue
      if (!isPlainObject(domainRoles)) {
        problems.push(
          `domains.${name}.roles must be an object such as { read: ['ROLE_USER'], delete: ['ROLE_ADMIN'] }`,
        )
        continue
      }
      for (const [operation, names] of Object.entries(domainRoles)) {
        if (!OPERATIONS.has(operation))
          problems.push(
            `domains.${name}.roles.${operation}: the operations are read, create, update and delete`,
          )
        else if (!isStringArray(names))
          problems.push(
            `domains.${name}.roles.${operation} must be an array of role names such as ['ROLE_ADMIN']`,
          )
      }
      roles.set(name, domainRoles)
    }
  }

  let dataDir: string | undefined
  if (options.dataDir !== undefined) {
    if (typeof options.dataDir !== 'string' || options.dataDir === '')
      problems.push('dataDir must be the path of a directory')
    else {
      dataDir = resolve(options.dataDir)
      if (!isDirectory(dataDir)) problems.push(`dataDir ${dataDir} is not a directory`)
    }
  }
  const dataEnv = options.dataEnv ?? 'development'
  if (typeof dataEnv !== 'string' || dataEnv === '' || /[\\/]/.test(dataEnv))
    problems.push('dataEnv must be the name of an environment folder, such as development')
  let seedPlan: SeedFolderPlan | undefined
  let seedDomains: Record<string, DomainDefinition> = {}
  if (dataDir !== undefined && isDirectory(dataDir) && typeof dataEnv === 'string') {
    try {
      seedPlan = planSeedFolder(dataDir, dataEnv)
      seedDomains = readSeedModel(seedPlan)
    } catch (error) {
      problems.push((error as Error).message)
    }
  }
  for (const name of Object.keys(seedDomains)) {
    if (name in domains)
      problems.push(
        `domain ${name} is defined both in the domains option and in the data folder's DomainClass.csv; define it in one place`,
      )
    else if (PLATFORM_DOMAIN_NAMES.includes(name) || SEED_DOMAIN_NAMES.includes(name))
      problems.push(
        `the data folder's DomainClass.csv defines ${name}, a platform domain the emulator defines itself; rename it`,
      )
  }
  if (options.strictSeed !== undefined && typeof options.strictSeed !== 'boolean')
    problems.push('strictSeed must be true or false')
  if (options.seedLog !== undefined && typeof options.seedLog !== 'function')
    problems.push('seedLog must be a function (line) => void')
  const folderTenants = (seedPlan?.folders ?? []).flatMap((f) => (f.tenant === null ? [] : [f.tenant]))

  const givenTenants = isStringArray(options.tenants) ? options.tenants : undefined
  const tenants: readonly string[] =
    folderTenants.length === 0
      ? (givenTenants ?? ['default'])
      : [...folderTenants, ...(givenTenants ?? []).filter((t) => !folderTenants.includes(t))]
  const defaultTenant =
    typeof options.defaultTenant === 'string' ? options.defaultTenant : (tenants[0] as string)

  const givenUsers = options.users
  const fromSeed = seedPlan === undefined ? [] : seedUsernames(seedPlan)
  // The default administrator only when neither the options nor the data folder give a user (§13.5).
  const users = givenUsers ?? (fromSeed.length === 0 ? DEFAULT_USERS : [])
  if (!Array.isArray(users) || (givenUsers !== undefined && users.length === 0)) {
    problems.push(
      'users must be a non-empty array of { username, password, roles, name?, tenant?, enabled? }',
    )
  } else {
    const seen = new Set<string>()
    users.forEach((user: unknown, index) => {
      const where = `users[${index}]`
      if (!isPlainObject(user)) {
        problems.push(`${where} must be an object { username, password, roles, name?, tenant?, enabled? }`)
        return
      }
      for (const key of Object.keys(user)) {
        if (!USER_KEYS.has(key)) problems.push(`${where}: unknown key ${JSON.stringify(key)}`)
      }
      const { username, password, name, tenant, enabled } = user
      if (typeof username !== 'string' || username === '')
        problems.push(`${where}.username must be a non-empty string`)
      else if (fromSeed.includes(username))
        problems.push(
          `${where}.username ${JSON.stringify(username)} is also a user of the data folder's User.csv; give each user in one place`,
        )
      else if (seen.has(username))
        problems.push(`${where}.username ${JSON.stringify(username)} is given twice`)
      else seen.add(username)
      if (typeof password !== 'string') problems.push(`${where}.password must be a string`)
      if (!isStringArray(user['roles']))
        problems.push(`${where}.roles must be an array of role names such as ['ROLE_USER']`)
      if (name !== undefined && (typeof name !== 'string' || name === ''))
        problems.push(`${where}.name must be a non-empty string`)
      if (tenant !== undefined && (typeof tenant !== 'string' || !tenants.includes(tenant)))
        problems.push(
          `${where}.tenant must be one of the tenants (${tenants.join(', ')}), got ${JSON.stringify(tenant)}`,
        )
      if (enabled !== undefined && typeof enabled !== 'boolean')
        problems.push(`${where}.enabled must be a boolean`)
    })
  }

  const givenSettings: unknown = options.settings ?? {}
  const settings: Record<string, string | number | boolean> = {}
  if (!isPlainObject(givenSettings)) {
    problems.push("settings must be an object such as { 'security.jwt.expiration': 3600 }")
  } else {
    for (const [key, value] of Object.entries(givenSettings)) {
      if (value === undefined) continue
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
        problems.push(`settings[${JSON.stringify(key)}] must be a string, a number or a boolean`)
      else settings[key] = value
    }
  }
  const persist: unknown = options.persist
  if (persist !== undefined && (typeof persist !== 'string' || persist === ''))
    problems.push('persist must be the path of a directory to keep the data in, such as .vendor-api')
  if (persist !== undefined && options.store !== undefined)
    problems.push(
      'persist and store were both given: persist keeps the data in PGlite in its directory, store keeps it in the store given; choose one',
    )
  // Without one configured, the secret is made below (with persist, read from its directory or made there) once
  // every option is known good.
  const secret = settings['security.jwt.secret']
  if (secret !== undefined && (typeof secret !== 'string' || secret === ''))
    problems.push("settings['security.jwt.secret'] must be a non-empty string")
  else if (secret !== undefined && Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES)
    problems.push(
      `settings['security.jwt.secret'] must be at least ${MIN_SECRET_BYTES} bytes (256 bits), the key size RFC 7518 §3.2 requires for HS256; ` +
        `it has ${Buffer.byteLength(secret, 'utf8')}. Make one with: node -e "console.log(require('node:crypto').randomBytes(32).toString('base64url'))" ` +
        '(or openssl rand -base64 32), or leave it out for a random one at each start',
    )
  const expiration = seconds(settings['security.jwt.expiration'] ?? DEFAULT_EXPIRATION)
  if (expiration === null)
    problems.push(
      "settings['security.jwt.expiration'] must be a whole number of seconds above 0, such as 3600",
    )
  const refreshSetting = settings['security.jwt.refreshExpiration'] ?? ''
  const refreshExpiration = refreshSetting === '' ? null : seconds(refreshSetting)
  if (refreshSetting !== '' && refreshExpiration === null)
    problems.push(
      "settings['security.jwt.refreshExpiration'] must be empty (never expires) or a whole number of seconds above 0",
    )
  settings['security.jwt.expiration'] = expiration ?? DEFAULT_EXPIRATION
  settings['security.jwt.refreshExpiration'] = refreshSetting

  const now = options.now ?? Date.now
  if (typeof now !== 'function')
    problems.push('now must be a function returning milliseconds since the epoch')

  const logic: unknown = options.logic ?? {}
  if (!isPlainObject(logic))
    problems.push('logic must be an object of functions by name, such as { summary: (request) => ({ ... }) }')
  else {
    for (const [name, fn] of Object.entries(logic)) {
      if (typeof fn !== 'function') problems.push(`logic.${name} must be a function (request) => result`)
    }
  }

  const plugins = options.plugins ?? []
  if (!Array.isArray(plugins) || plugins.some((p) => !isPlainObject(p)))
    problems.push(
      'plugins must be an array of plugin definitions ({ directory | packageJson | manifest, components })',
    )

  const limit = (name: 'maxBodyBytes' | 'maxUploadBytes', fallback: number): number => {
    const value = options[name] ?? fallback
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
      problems.push(`${name} must be a whole number of bytes above 0`)
      return fallback
    }
    return value
  }
  const limits = {
    maxBodyBytes: limit('maxBodyBytes', 1024 * 1024),
    maxUploadBytes: limit('maxUploadBytes', 10 * 1024 * 1024),
  }

  if (options.accessLog !== undefined && typeof options.accessLog !== 'function')
    problems.push('accessLog must be a function (line) => void')

  const logicTimeoutMs = options.logicTimeoutMs ?? DEFAULT_LOGIC_TIMEOUT_MS
  if (!Number.isSafeInteger(logicTimeoutMs) || logicTimeoutMs < 1 || logicTimeoutMs > MAX_TIMER_MS)
    problems.push(`logicTimeoutMs must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}`)

  const cors = checkCors(options.cors, problems)
  if (options.groovy !== undefined && typeof options.groovy !== 'boolean')
    problems.push('groovy must be a boolean (false turns the Groovy engine off)')

  if (problems.length > 0) {
    throw new IllegalArgumentException(
      `createEmulator was given invalid options (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n  - ${problems.join('\n  - ')}`,
    )
  }

  const host: Record<string, unknown> = { name: 'platform-emulator' }
  for (const key of ['tenants', 'defaultTenant', 'storage', 'platformVersion', 'store'] as const) {
    if (options[key] !== undefined) host[key] = options[key]
  }
  const tokenSecret =
    (secret as string | undefined) ??
    (typeof persist === 'string'
      ? keptSecret(persist, MIN_SECRET_BYTES)
      : randomBytes(32).toString('base64url'))
  // Stored files' bytes are kept beside the database, unless the options say where.
  if (typeof persist === 'string' && options.storage === undefined)
    host['storage'] = { kind: 'directory', path: persistDir(persist).files }
  settings['security.jwt.secret'] = tokenSecret
  // The tenant folders of a data root are tenants too.
  if (folderTenants.length > 0) {
    host['tenants'] = tenants
    host['defaultTenant'] = defaultTenant
  }
  return {
    host,
    domains,
    roles,
    users,
    tenants,
    defaultTenant,
    tokens: { secret: tokenSecret, expiration: expiration as number, refreshExpiration },
    settings,
    now,
    logic: logic as Record<string, LogicFunction>,
    dataDir,
    seedPlan,
    seedDomains,
    strictSeed: options.strictSeed === true,
    seedLog: options.seedLog,
    plugins,
    limits,
    accessLog: options.accessLog,
    logicTimeoutMs,
    cors,
    groovy: options.groovy ?? true,
    persist: persist as string | undefined,
    lasting: persist !== undefined || options.store !== undefined,
  }
}

/**
 * The `cors` option as browsers write origins (`http://localhost:5173`: scheme, host, port but the scheme's
 * default, no path), `*` kept; a problem for an entry that is not an origin.
 */
function checkCors(given: unknown, problems: string[]): readonly string[] | undefined {
  if (given === undefined) return undefined
  if (!isStringArray(given)) {
    problems.push("cors must be an array of origins, such as ['http://localhost:5173'] (or ['*'] for any)")
    return undefined
  }
  return given.map((origin) => {
    if (origin === '*') return origin
    let url: URL | undefined
    try {
      url = new URL(origin)
    } catch {
      url = undefined
    }
    if (url === undefined || !/^https?:$/.test(url.protocol) || `${url.origin}/` !== url.href)
      problems.push(
        `cors: ${JSON.stringify(origin)} is not an origin; write the scheme, host and port a browser shows, such as http://localhost:5173`,
      )
    return normalOrigin(origin)
  })
}

/** A positive whole number of seconds from a number or a numeric string, else `null`. */
function seconds(value: unknown): number | null {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : null
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}
