import { fileURLToPath } from 'node:url'
import type { PluginDefinition } from '@tech-vendor/api/testing'
import { OrderDeskComponent } from '../src/index.js'

/** The plugin's directory: its package.json holds the manifest (`vendorPlugin`). */
export const orderDeskDirectory = fileURLToPath(new URL('..', import.meta.url))

/** The order desk as the reference host loads it: the manifest from package.json, and its components. */
export const orderDeskPlugin: PluginDefinition = {
  directory: orderDeskDirectory,
  components: [OrderDeskComponent],
}

/** The seed data files, in import order (a file's references must already be imported). */
export const orderDeskSeed = (['DeskCustomer', 'DeskProduct', 'DeskOrder'] as const).map((domain) => ({
  domain,
  path: fileURLToPath(new URL(`../seed/${domain}.csv`, import.meta.url)),
}))
