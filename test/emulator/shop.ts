import { DomainHelper, SimpleQuery } from '../../src/index.js'
import type { EmulatorOptions } from '../../src/emulator/index.js'
import type { TestHost } from '../../src/testing/index.js'

/** The shop most emulator tests serve: two tenants, an administrator, a clerk, and one user in each tenant. */
export const SHOP: EmulatorOptions = {
  tenants: ['acme', 'globex'],
  domains: {
    Customer: {
      fields: { name: { type: 'STRING', required: true }, email: 'STRING', vip: 'BOOLEAN' },
      labelField: 'name',
    },
    Product: {
      fields: {
        name: { type: 'STRING', required: true },
        price: { type: 'BIG_DECIMAL', required: true },
        stock: 'INTEGER',
      },
      labelField: 'name',
      roles: { create: ['ROLE_ADMIN'], update: ['ROLE_ADMIN'], delete: ['ROLE_ADMIN'] },
    },
    Order: {
      fields: {
        number: { type: 'INTEGER', required: true },
        status: { type: 'STRING', required: true },
        total: 'BIG_DECIMAL',
        customer: { type: 'DOMAIN_OBJECT', domain: 'Customer' },
        tags: { type: 'DOMAIN_OBJECT_LIST', domain: 'Tag' },
        placedOn: 'LOCAL_DATE',
        receipt: 'FILE',
      },
      labelField: 'number',
      roles: { delete: ['ROLE_ADMIN'] },
    },
    Tag: { fields: { name: { type: 'STRING', required: true } }, roles: { delete: [] } },
  },
  users: [
    { username: 'admin', password: 'admin', roles: ['ROLE_ADMIN', 'ROLE_DEVELOPER'], name: 'Ada Admin' },
    { username: 'clerk', password: 'clerk', roles: ['ROLE_USER'], name: 'Carl Clerk' },
    { username: 'globex', password: 'globex', roles: ['ROLE_ADMIN'], tenant: 'globex' },
  ],
}

/** Creates objects in a tenant through the library, and returns them as created (with their ids). */
export function seed<T extends Record<string, unknown>>(
  host: TestHost,
  domain: string,
  objects: readonly T[],
  tenant = 'acme',
): (T & { id: number })[] {
  return host.runAs({ tenant }, () =>
    objects.map((properties) => {
      const object = DomainHelper.buildDomain(domain, properties) as T & { id: number }
      DomainHelper.createDomain(object)
      return object
    }),
  )
}

/** How many objects a domain holds in a tenant. */
export function count(host: TestHost, domain: string, tenant = 'acme'): number {
  return host.runAs({ tenant }, () => SimpleQuery.count(domain))
}

/** Every object of a domain in a tenant, as the library reads them. */
export function all(host: TestHost, domain: string, tenant = 'acme'): Record<string, unknown>[] {
  return host.runAs({ tenant }, () => SimpleQuery.getAll(domain) as Record<string, unknown>[])
}
