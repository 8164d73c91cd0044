import type { PlatformUser } from '../../runtime-contract/facets.js'
import type { TestHost } from '../../testing/index.js'
import { runInTransaction } from '../../testing/host/request-transaction.js'
import type { RequestUser } from './logic-request.js'
import type { RequestGate } from './request-gate.js'

/**
 * How the emulator reaches its host: the host, the tenant of anonymous callers, and the gate that lets requests
 * reach it one at a time.
 *
 * @internal
 */
export interface HostAccess {
  readonly host: TestHost
  /** The tenant of anonymous callers. */
  readonly defaultTenant: string
  readonly gate: RequestGate
}

/**
 * Runs code on the host as the caller: the user's tenant and the user (as the host's `PlatformUser`), or the
 * default tenant and no user for an anonymous caller; as a plugin's code when `plugin` is given. Called where the
 * code already runs as that caller (inside {@link runAsCallerInTransaction}, or a logic's facade call), it joins
 * the running session, and so its transaction.
 *
 * @internal
 */
export function runAsCaller<T>(parts: HostAccess, user: RequestUser | null, fn: () => T, plugin?: string): T {
  const tenant = user === null ? parts.defaultTenant : user.tenant
  const platformUser = user === null ? null : platformUserOf(user)
  const current = parts.host.current()
  if (
    current.tenant === tenant &&
    current.plugin === (plugin ?? null) &&
    sameUser(current.user, platformUser)
  ) {
    return fn()
  }
  const who = { tenant, user: platformUser }
  return parts.host.runAs(plugin === undefined ? who : { ...who, plugin }, fn)
}

/**
 * Runs asynchronous work as the caller in one transaction that lasts across its awaits: committed when it
 * resolves, rolled back when it throws. Facade calls and {@link runAsCaller} inside it join the transaction. The
 * request must hold the gate (every request under `/api` does), so that no other request's work runs inside it.
 *
 * @internal
 */
export function runAsCallerInTransaction<T>(
  parts: HostAccess,
  user: RequestUser | null,
  work: () => Promise<T>,
): Promise<T> {
  const who =
    user === null
      ? { tenant: parts.defaultTenant, user: null }
      : { tenant: user.tenant, user: platformUserOf(user) }
  return runInTransaction(parts.host, who, work)
}

/**
 * The callers' users as the host takes them, one frozen object per caller: the user directory keeps a caller
 * between writes to the users, and the host checks and copies a frozen user once, not at every request.
 */
const PLATFORM_USERS = new WeakMap<RequestUser, PlatformUser>()

function platformUserOf(user: RequestUser): PlatformUser {
  let platformUser = PLATFORM_USERS.get(user)
  if (platformUser === undefined) {
    platformUser = Object.freeze({ id: user.id, username: user.username, name: user.name })
    PLATFORM_USERS.set(user, platformUser)
  }
  return platformUser
}

function sameUser(a: PlatformUser | null, b: PlatformUser | null): boolean {
  if (a === null || b === null) return a === b
  return a.id === b.id && a.username === b.username && (a.name ?? null) === (b.name ?? null)
}
