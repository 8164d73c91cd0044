import type { Hono } from 'hono'
import type { TestHost } from '../testing/index.js'
import type { Authenticator } from './authenticator.js'
import type { DomainCatalog } from './domain-catalog.js'
import type { IncomingCall } from './incoming-call.js'
import type { RequestUser } from './logic-request.js'
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
  /** The tenant of anonymous callers. */
  readonly defaultTenant: string
}

/** The Hono app of the emulator: every route reads its {@link IncomingCall} from the context. */
export type EmulatorApp = Hono<{ Variables: { call: IncomingCall } }>

/** How the emulator reaches its host: the host, and the tenant of anonymous callers. */
export type HostAccess = Pick<EmulatorParts, 'host' | 'defaultTenant'>

/**
 * Runs code on the host as the caller: the user's tenant and the user (as the host's `PlatformUser`), or the
 * default tenant and no user for an anonymous caller; as a plugin's code when `plugin` is given.
 *
 * @internal
 */
export function runAsCaller<T>(parts: HostAccess, user: RequestUser | null, fn: () => T, plugin?: string): T {
  const who =
    user === null
      ? { tenant: parts.defaultTenant, user: null }
      : { tenant: user.tenant, user: { id: user.id, username: user.username, name: user.name } }
  return parts.host.runAs(plugin === undefined ? who : { ...who, plugin }, fn)
}
