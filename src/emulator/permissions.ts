import type { DomainCatalog, Operation } from './domain-catalog.js'
import type { RequestUser } from './logic-request.js'
import { WireError } from './wire-error.js'

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
