import type { DomainDefinition, PluginDefinition, StorageOption, Store } from '../../testing/index.js'
import type { LogicFunction } from '../logic/logic-request.js'
import type { AccessLog } from '../wire/access-log.js'

/**
 * The role requirements of a domain, per operation: role names of which a user needs one. An operation that is
 * not listed is open to any logged-in user; an empty list closes it to everyone.
 *
 * @example
 * ```ts
 * import type { DomainRoles } from '@tech-vendor/api/emulator'
 *
 * const roles: DomainRoles = { read: ['ROLE_USER', 'ROLE_ADMIN'], create: ['ROLE_ADMIN'], delete: [] }
 * ```
 */
export interface DomainRoles {
  /** Listing, reading, searching and the `view` permission. */
  readonly read?: readonly string[]
  /** Creating, and the `create` permission. */
  readonly create?: readonly string[]
  /** Updating (single and batch), object actions on the domain, and the `update` permission. */
  readonly update?: readonly string[]
  /** Deleting, and the `delete` permission. */
  readonly delete?: readonly string[]
}

/**
 * A domain of the emulator: the reference host's definition plus the role requirements the platform
 * configures on a domain class.
 *
 * @example
 * ```ts
 * import type { EmulatorDomainDefinition } from '@tech-vendor/api/emulator'
 *
 * const order: EmulatorDomainDefinition = {
 *   fields: { status: { type: 'STRING', required: true }, total: 'BIG_DECIMAL' },
 *   labelField: 'status',
 *   roles: { delete: ['ROLE_ADMIN'] },
 * }
 * ```
 */
export interface EmulatorDomainDefinition extends DomainDefinition {
  /** Who may read, create, update and delete; absent: any logged-in user. */
  readonly roles?: DomainRoles
}

/**
 * A user who can log in to the emulator.
 *
 * @example
 * ```ts
 * import type { EmulatorUser } from '@tech-vendor/api/emulator'
 *
 * const ann: EmulatorUser = { username: 'ann', password: 'secret', roles: ['ROLE_USER'], name: 'Ann', tenant: 'acme' }
 * ```
 */
export interface EmulatorUser {
  /** The login name, unique. */
  readonly username: string
  /** The password `POST /api/auth/login` checks. */
  readonly password: string
  /** The role names, such as `ROLE_USER`. */
  readonly roles: readonly string[]
  /** The display name (default: the username). */
  readonly name?: string
  /** The tenant the user works in (default: the default tenant). */
  readonly tenant?: string
  /**
   * Whether the account is enabled (default `true`). As on the platform, login and token use do not check it:
   * a disabled account still logs in (a documented risk, reproduced).
   */
  readonly enabled?: boolean
}

/**
 * The backend settings the emulator reads; any other key is served by `GET /api/config/<key>` as given.
 *
 * @example
 * ```ts
 * import type { EmulatorSettings } from '@tech-vendor/api/emulator'
 *
 * const settings: EmulatorSettings = {
 *   'security.jwt.secret': 'a-long-random-secret-of-at-least-32-chars',
 *   'security.jwt.expiration': 900,
 *   'app.name': 'Order desk',
 * }
 * ```
 */
export interface EmulatorSettings {
  /**
   * The HS256 signing secret, at least 32 bytes (256 bits, RFC 7518 §3.2) in UTF-8 (default: 32 random bytes at
   * each start, so a restart invalidates every token).
   */
  readonly 'security.jwt.secret'?: string
  /** The access token lifetime in seconds (default 3600). */
  readonly 'security.jwt.expiration'?: number | string
  /** The refresh token lifetime in seconds; empty or absent (the default): refresh tokens never expire. */
  readonly 'security.jwt.refreshExpiration'?: number | string
  /** Any other setting, served by the config endpoints. */
  readonly [key: string]: string | number | boolean | undefined
}

/**
 * The reference host's store (`@tech-vendor/api/testing`'s `Store`): where the emulator keeps its data. The
 * default is the in-memory store; `await pgliteStore()` or `postgresStore({ url })` runs it on PostgreSQL, so
 * that dynamic logic and plugins may use `QueryHelper.withSql`. The caller makes the store and closes it after
 * `emulator.close()`.
 *
 * @example
 * ```ts
 * import { createEmulator, type EmulatorStore } from '@tech-vendor/api/emulator'
 * import { pgliteStore } from '@tech-vendor/api/testing'
 *
 * const store: EmulatorStore = await pgliteStore()
 * const emulator = createEmulator({ domains: { Order: { fields: { status: 'STRING' } } }, store })
 * await emulator.close()
 * await store.close()
 * ```
 */
export type EmulatorStore = Store

/**
 * The options of `createEmulator`, and what the config file of `vendor-api serve` holds.
 *
 * @example
 * ```ts
 * import { SimpleQuery } from '@tech-vendor/api'
 * import type { EmulatorOptions } from '@tech-vendor/api/emulator'
 *
 * const options: EmulatorOptions = {
 *   domains: { Order: { fields: { status: 'STRING' }, roles: { delete: ['ROLE_ADMIN'] } } },
 *   users: [{ username: 'ann', password: 'ann', roles: ['ROLE_USER'] }],
 *   settings: { 'security.jwt.expiration': 600 },
 *   logic: { openOrders: () => SimpleQuery.of('Order').eq('status', 'OPEN').listAll().length },
 * }
 * ```
 */
export interface EmulatorOptions {
  /** The application's domains, with their role requirements. The platform domains are added to them. */
  readonly domains?: Readonly<Record<string, EmulatorDomainDefinition>>
  /** Who can log in (default: `admin` / `admin` with `ROLE_ADMIN` and `ROLE_DEVELOPER`). */
  readonly users?: readonly EmulatorUser[]
  /** Backend settings: `security.jwt.*` and any other key the config endpoints serve. */
  readonly settings?: EmulatorSettings
  /** The clock, in milliseconds since the epoch (default `Date.now`): expires tokens in tests without sleeping. */
  readonly now?: () => number
  /**
   * Dynamic logic written in TypeScript, by name. Each is also a `DynamicLogic` record of that name (engine
   * `TypeScript`), so services, webhooks, actions and widgets reference it like any logic.
   */
  readonly logic?: Readonly<Record<string, LogicFunction>>
  /**
   * The application's data folder, imported at start (§13): a folder of seed files (`<Domain>.csv`,
   * `<Domain>_<anything>.csv`, into every tenant), or the platform's data root `DIR/<env>/<tenant>/*.csv`, each
   * tenant folder a tenant, with `DIR/<env>/Organization.csv`, `DomainClass.csv`/`DomainClassField.csv` (the
   * model) and `Role`/`Group`/`GroupRole`/`User`/`UserGroup` (who logs in). Each file imports line by line and
   * is recorded as an `ImportRecord`.
   */
  readonly dataDir?: string
  /** The environment folder of a data root (`DIR/<env>/<tenant>`; default `development`). */
  readonly dataEnv?: string
  /** Stop the start at the first failed seed line, with its reason (default `false`: record it and go on). */
  readonly strictSeed?: boolean
  /** Told one line per imported seed file and one per failed line (`vendor-api serve` prints them). */
  readonly seedLog?: (line: string) => void
  /** Plugins loaded at start (their `onLoad` runs); the custom controllers of 1.0.0-series plugins are served. */
  readonly plugins?: readonly PluginDefinition[]
  /**
   * The tenants (TENANT_ID values) the host knows (default `['default']`, or the tenant folders of a data root,
   * which join the tenants given here).
   */
  readonly tenants?: readonly string[]
  /**
   * The tenant of anonymous callers and of users without one (default: the first tenant folder of a data root
   * in name order, else the first of `tenants`).
   */
  readonly defaultTenant?: string
  /** Where stored files go (default memory). */
  readonly storage?: StorageOption
  /** The platform version the host behaves as (default `1.0.0-beta18`). */
  readonly platformVersion?: string
  /** Where the emulator keeps its data (default the in-memory store): see {@link EmulatorStore}. */
  readonly store?: EmulatorStore
  /**
   * A directory that keeps the emulator's data across restarts (`--persist DIR`): a PGlite database in
   * `DIR/pglite`, stored files in `DIR/files` (unless `storage` says otherwise) and, unless
   * `settings['security.jwt.secret']` is given, the JWT secret in `DIR/jwt-secret`, so that tokens survive a
   * restart too. Every REST call commits. The directory is made when missing; `@electric-sql/pglite` must be
   * installed. The emulator then opens its data in the background: {@link Emulator.ready} settles when it
   * has. Not with `store`.
   */
  readonly persist?: string
  /** The largest request body in bytes (default 1 MiB); larger ones are answered 413. */
  readonly maxBodyBytes?: number
  /** The largest attachment upload in bytes (default 10 MiB). */
  readonly maxUploadBytes?: number
  /**
   * Receives one access-log line per request, and the same as data (`AccessLogEntry`):
   * `2026-01-05T09:30:00.000Z GET /api/data/Order?max=5 200 1.2ms ann -` (time, method, path with query, status,
   * duration, the caller or `-`, the errCode or `status:error` for a validation failure answered 200, or `-`).
   * URL tokens are included, as in the platform's logs. A `(line) => void` still fits.
   */
  readonly accessLog?: AccessLog
  /**
   * How long dynamic logic and a custom controller's handler may take to settle, in milliseconds (default
   * 30000): a call still waiting then answers 500 naming it. The code is not stopped, only no longer waited for.
   */
  readonly logicTimeoutMs?: number
  /**
   * The origins a browser page may call the emulator from (`--cors`), such as `['http://localhost:5173']`, or
   * `['*']` for any; they replace the default, which allows every `http://` origin on `localhost`, `127.0.0.1`
   * or `[::1]`, any port, and no other. An allowed origin may send credentials (cookies, `Authorization`).
   */
  readonly cors?: readonly string[]
  /**
   * `false` turns the Groovy engine off: a `GROOVY_CODE` logic then answers 501. By default Groovy logic runs on
   * one JVM per emulator, started on the first Groovy call, when Java and Groovy are installed (docs/emulator.md,
   * "Groovy logic").
   */
  readonly groovy?: boolean
}

/**
 * Where `emulator.listen` binds.
 *
 * @example
 * ```ts
 * import type { ListenOptions } from '@tech-vendor/api/emulator'
 *
 * const options: ListenOptions = { port: 0, hostname: '127.0.0.1' } // a free port on loopback
 * ```
 */
export interface ListenOptions {
  /** The port; 0 (the default) takes a free one. */
  readonly port?: number
  /** The address to bind (default `127.0.0.1`, loopback only). */
  readonly hostname?: string
}

/**
 * What `emulator.updateUser` changes; what is not given stays as it is.
 *
 * @example
 * ```ts
 * import type { UserChanges } from '@tech-vendor/api/emulator'
 *
 * const lockOut: UserChanges = { password: 'changed', enabled: false }
 * ```
 */
export interface UserChanges {
  /** A new password: the next login needs it, while tokens issued before keep working. */
  readonly password?: string
  /** Enable or disable the account: neither login nor tokens check it, as on the platform. */
  readonly enabled?: boolean
  /** New roles, checked from the next request on. */
  readonly roles?: readonly string[]
  /** A new display name. */
  readonly name?: string
}
