import type { Hono } from 'hono'
import type { Authenticator } from './auth/authenticator.js'
import type { HookRecords } from './hooks/hook-records-cache.js'
import type { DomainCatalog } from './platform/domain-catalog.js'
import type { IncomingCall } from './wire/incoming-call.js'
import type { LogicRunner } from './logic/logic-runner.js'
import type { HostAccess } from './logic/run-as-caller.js'
import type { TokenService } from './auth/token-service.js'
import type { UserDirectory } from './auth/user-directory.js'

/**
 * What the routes share: the host and how the emulator reaches it, the users and their tokens, the settings,
 * the clock.
 *
 * @internal
 */
export interface EmulatorParts extends HostAccess {
  readonly catalog: DomainCatalog
  readonly users: UserDirectory
  readonly tokens: TokenService
  readonly auth: Authenticator
  readonly logic: LogicRunner
  /** The object hooks of each domain, kept between writes. */
  readonly hookRecords: HookRecords
  readonly settings: Readonly<Record<string, string | number | boolean>>
  /** Every tenant, the default one included. */
  readonly tenants: readonly string[]
  readonly now: () => number
  /** How long logic and controller handlers may take to settle, in milliseconds. */
  readonly logicTimeoutMs: number
}

/**
 * What the emulator hands its app with each request: the hostname it listens on for a request that came in
 * over HTTP, nothing for an in-process one.
 */
export interface EmulatorBindings {
  readonly listenHostname?: string
}

/** What the emulator's app and its handlers are typed with: every route reads its {@link IncomingCall}. */
export interface EmulatorEnv {
  Bindings: EmulatorBindings
  Variables: { call: IncomingCall }
}

/** The Hono app of the emulator: every route reads its {@link IncomingCall} from the context. */
export type EmulatorApp = Hono<EmulatorEnv>
