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
 * without one), the domain (404/1005), the role requirement (403/1004). At once when the caller is (see
 * `Authenticator.caller`), else a promise: await it either way.
 *
 * @internal
 */
export function authorizeDomain(
  parts: EmulatorParts,
  call: IncomingCall,
  domainName: string,
  operation: Operation,
): [RequestUser, string] | Promise<[RequestUser, string]> {
  const user = parts.auth.caller(call, 'domain')
  return user instanceof Promise
    ? user.then((found) => permitted(parts.catalog, found, domainName, operation))
    : permitted(parts.catalog, user, domainName, operation)
}

function permitted(
  catalog: DomainCatalog,
  user: RequestUser,
  domainName: string,
  operation: Operation,
): [RequestUser, string] {
  const domain = catalog.require(domainName)
  requirePermission(catalog, user, domain, operation)
  return [user, domain]
}
