import { createTestHost, type Store, type TestHost } from '@tech-vendor/api/testing'
import { afterEach, beforeEach, vi } from 'vitest'
import { orderDeskDomains } from '../host/domains.js'
import { orderDeskPlugin, orderDeskSeed } from '../host/order-desk-plugin.js'

// At each install the host warns once that AsyncHelper.scheduleAtFixRate is deprecated at runtime, as the
// platform logs it. order-desk-component.test.ts checks the warning; these hooks keep it out of the output.
beforeEach(() => {
  vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
})

/** The tenants of the test host; code outside `runAs` runs as the first. */
export const TENANTS = ['acme', 'globex'] as const

/**
 * A reference host with the order desk's domains, the seed data imported into every tenant, and the plugin
 * loaded (so its onLoad has run). Uninstall it with `using`.
 *
 * @param store - Where the host keeps its data (default the in-memory store); a PostgreSQL store runs `withSql`.
 */
export function startOrderDesk(store?: Store): TestHost {
  const host = createTestHost({
    name: 'order-desk-tests',
    domains: orderDeskDomains,
    tenants: [...TENANTS],
    ...(store === undefined ? {} : { store }),
  }).install()
  try {
    for (const tenant of TENANTS) {
      for (const { domain, path } of orderDeskSeed) host.importSeedCsv(domain, { path }, { tenant })
    }
    host.loadPlugin(orderDeskPlugin)
    return host
  } catch (error) {
    host.uninstall()
    throw error
  }
}
