import { fileURLToPath } from 'node:url'
import type { EmulatorOptions } from '@tech-vendor/api/emulator'
import { customerSummary } from '../src/customer-summary.js'
import { orderDeskDomains } from './domains.js'

/**
 * The order desk on the platform emulator: its domains, its seed data (seed/, the DynamicServiceProvider.csv included)
 * and the TypeScript logic of its dynamic service. `npx vendor-api serve` takes the same options from a config
 * file; tests and `npm start` pass them to `createEmulator`.
 */
export const orderDeskEmulator = {
  domains: orderDeskDomains,
  dataDir: fileURLToPath(new URL('../seed', import.meta.url)),
  logic: { customerSummary },
} satisfies EmulatorOptions
