import type { TestHost } from '../../testing/index.js'
import type { RequestUser } from './logic-request.js'

/**
 * How the emulator reaches its host: the host, and the tenant of anonymous callers.
 *
 * @internal
 */
export interface HostAccess {
  readonly host: TestHost
  /** The tenant of anonymous callers. */
  readonly defaultTenant: string
}

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
