import type { Hono } from 'hono'
import type { TestHost } from '../testing/index.js'
import type { Authenticator } from './authenticator.js'
import type { DomainCatalog } from './domain-catalog.js'
import type { IncomingCall } from './incoming-call.js'
import type { LogicRunner } from './logic-runner.js'
import type { TokenService } from './token-service.js'
import type { UserDirectory } from './user-directory.js'

/**
 * What the routes share: the host and how the emulator reaches it, the users and their tokens, the settings,
 * the clock.
 *
 * @internal
 */
export interface EmulatorParts {
  readonly host: TestHost
  readonly catalog: DomainCatalog
  readonly users: UserDirectory
  readonly tokens: TokenService
  readonly auth: Authenticator
  readonly logic: LogicRunner
  readonly settings: Readonly<Record<string, string | number | boolean>>
  readonly now: () => number
  /** How long logic and controller handlers may take to settle, in milliseconds. */
  readonly logicTimeoutMs: number
  /** The tenant of anonymous callers. */
  readonly defaultTenant: string
}

/**
 * What the emulator hands its app with each request: the hostname it listens on for a request that came in
 * over HTTP, nothing for an in-process one.
 */
export interface EmulatorBindings {
  readonly listenHostname?: string
}

/** The Hono app of the emulator: every route reads its {@link IncomingCall} from the context. */
export type EmulatorApp = Hono<{ Bindings: EmulatorBindings; Variables: { call: IncomingCall } }>
