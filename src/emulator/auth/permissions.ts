import type { DomainCatalog, Operation } from '../platform/domain-catalog.js'
import type { EmulatorParts } from '../emulator-parts.js'
import type { IncomingCall } from '../wire/incoming-call.js'
import type { RequestUser } from '../logic/logic-request.js'
import { WireError } from '../wire/wire-error.js'

/**
 * Whether a user meets a domain's role requirement for an operation: one of the listed roles, or any logged-in
 * user where none is listed.
 *
 * @internal
 */
export function allows(
  catalog: DomainCatalog,
  user: RequestUser,
  domain: string,
  operation: Operation,
): boolean {
  const required = catalog.rolesFor(domain, operation)
  return required === undefined || required.some((role) => user.roles.includes(role))
}

/**
 * Checks a domain's role requirement for an operation.
 *
 * @throws WireError 403 (1004) naming the roles of which the user needs one.
 * @internal
 */
export function requirePermission(
  catalog: DomainCatalog,
  user: RequestUser,
  domain: string,
  operation: Operation,
): void {
  if (allows(catalog, user, domain, operation)) return
  const required = catalog.rolesFor(domain, operation) ?? []
  throw new WireError(
    'NoPermission',
    required.length === 0
      ? `nobody may ${operation} ${domain} objects: the domain class lists no role for ${operation}.`
      : `${user.username} may not ${operation} ${domain} objects: that needs one of the roles ${required.join(', ')}, and the user has ${user.roles.length === 0 ? 'none' : user.roles.join(', ')}.`,
  )
}

/**
 * The caller of a domain-checked endpoint and the domain, checked in the platform's order: the token (403/1004
 * without one), the domain (404/1005), the role requirement (403/1004).
 *
 * @internal
 */
export async function authorizeDomain(
  parts: EmulatorParts,
  call: IncomingCall,
  domainName: string,
  operation: Operation,
): Promise<[RequestUser, string]> {
  const user = await parts.auth.caller(call, 'domain')
  const domain = parts.catalog.require(domainName)
  requirePermission(parts.catalog, user, domain, operation)
  return [user, domain]
}
