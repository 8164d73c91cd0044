/**
 * `npm start`: runs the example plugin (examples/order-desk) on the reference host, as the platform would run
 * it, on PostgreSQL (PGlite, in process) so that its native SQL report runs too; then calls its dynamic service
 * over HTTP on the platform emulator, and prints one line per step. No build needed: tsx resolves
 * '@tech-vendor/api' to src/ through the `paths` of tsconfig.json. Exits 0 when every step did what it should,
 * 1 otherwise.
 */
import { randomBytes } from 'node:crypto'
import { DomainHelper, MessageHelper, Notification, SimpleQuery } from '@tech-vendor/api'
import { createEmulator } from '@tech-vendor/api/emulator'
import { createTestHost, pgliteStore } from '@tech-vendor/api/testing'
import { orderDeskDomains } from '../examples/order-desk/host/domains.js'
import { orderDeskEmulator } from '../examples/order-desk/host/emulator.js'
import { orderDeskPlugin, orderDeskSeed } from '../examples/order-desk/host/order-desk-plugin.js'
import {
  InsufficientStockError,
  findCustomer,
  findProduct,
  numberSetting,
  openOrders,
  ordersOf,
  placeOrder,
  salesReport,
  storeReceipt,
} from '../examples/order-desk/src/index.js'

const started = performance.now()
const lines: string[] = []
const say = (line: string): void => void lines.push(line)

// The host warns that AsyncHelper.scheduleAtFixRate is deprecated at runtime, as the platform logs it: show
// it as a line of the summary instead of Node's default print to stderr.
const warnings: Error[] = []
process.removeAllListeners('warning')
process.on('warning', (warning) => warnings.push(warning))

// PostgreSQL 18 in process: the platform's database, so that QueryHelper.withSql runs the plugin's report.
const store = await pgliteStore()
const host = createTestHost({
  name: 'reference-host',
  domains: orderDeskDomains,
  tenants: ['acme', 'globex'],
  store,
})
try {
  host.install()
  const { platformVersion, libraryLine, linkage } = host.description

  // Seed data, as the platform imports it at start: customers and products first, then what references them.
  const counts = orderDeskSeed.map(({ domain, path }) => host.importSeedCsv(domain, { path }).created)
  say(`✓ seed: ${counts[0]} customers, ${counts[1]} products, ${counts[2]} past orders (tenant acme)`)

  // The plugin, from its package.json manifest; its onLoad creates the default settings.
  const { manifest } = host.loadPlugin(orderDeskPlugin)
  say(
    `✓ plugin ${manifest.name} ${manifest.version} loaded (api ${manifest.apiVersion}, depends on ` +
      `${manifest.dependsOnPlugins.join(', ')}); onLoad created ${SimpleQuery.count('DeskSetting')} settings`,
  )

  // Orders: each one is a transaction that creates the order and takes the items from stock.
  const order = (customerName: string, productName: string, quantity: number): void => {
    const customer = findCustomer(customerName)
    const product = findProduct(productName)
    if (customer === null || product === null)
      throw new Error(`${customerName} or ${productName} is not seeded`)
    const ordersBefore = SimpleQuery.count('DeskOrder')
    try {
      const placed = placeOrder(customer, product, quantity)
      say(
        `✓ order #${placed.number} placed: ${quantity} × ${productName} for ${customerName}, ${placed.total}; ` +
          `stock ${product.stock} → ${findProduct(productName)?.stock}`,
      )
    } catch (error) {
      if (!(error instanceof InsufficientStockError)) throw error
      const unchanged =
        SimpleQuery.count('DeskOrder') === ordersBefore && findProduct(productName)?.stock === product.stock
      if (!unchanged) throw new Error('the refused order left data behind', { cause: error })
      say(
        `✗ order rolled back: only ${error.available} ${productName} in stock, ${quantity} requested ` +
          `(orders still ${ordersBefore}, stock still ${product.stock})`,
      )
    }
  }
  order('Ada Lovelace', 'Widget', 2)
  order('Grace Hopper', 'Gadget', 3)
  order('Alan Turing', 'Sprocket', 5)
  order('Grace Hopper', 'Widget', 1)

  // Queries: a page of open orders with the count of all, and a customer's orders by the customer object.
  const page = openOrders(0, 2)
  say(
    `✓ page 1 of open orders, newest first: ${page.map((o) => `#${o.number}`).join(', ')} (${page.length} of ${page.totalCount})`,
  )
  const ada = findCustomer('Ada Lovelace')
  if (ada !== null)
    say(
      `✓ Ada Lovelace's orders: ${ordersOf(ada)
        .map((o) => `#${o.number}`)
        .join(', ')}`,
    )

  // Native SQL: the sales report is a grouped join SimpleQuery cannot express, run through QueryHelper.withSql.
  const report = salesReport()
    .filter((line) => line.orders > 0)
    .map(
      (line) =>
        `${line.product} ${line.revenue} (${counted(line.orders, 'order')}, ${counted(line.quantity, 'item')})`,
    )
  say(`✓ sales report in SQL on ${store.kind}: ${report.join(', ')}`)

  // A stored file: the receipt of the first order, attached to it.
  const first = SimpleQuery.of('DeskOrder').eq('status', 'OPEN').list(0, 1, ['number'])[0]
  if (first === undefined) throw new Error('no open order to write a receipt for')
  const receipt = storeReceipt(first)
  say(
    `✓ ${receipt.fileName} stored (${host.readStoredFile(receipt.key).length} bytes, ${receipt.storageEngine} storage) ` +
      `and attached to order #${first.number}`,
  )

  // A reload: an administrator shortens the stock check's period, then the plugin reloads. The host checks that
  // onLoad changed no data (it keeps the administrator's setting) while it scheduled the check anew.
  const period = SimpleQuery.of('DeskSetting').eq('name', 'stockCheckEveryMs').get()
  if (period === null) throw new Error('onLoad did not create the stockCheckEveryMs setting')
  DomainHelper.updateDomain({ ...period, value: '25' })
  host.assertRepeatableOnLoad(manifest.name)
  say(
    `✓ reload: onLoad is repeatable (no data changed); the stock check now runs every ${numberSetting('stockCheckEveryMs')} ms`,
  )

  // The scheduled task, on a real timer: wait for its first run.
  const flagged = await waitFor(() => SimpleQuery.of('DeskProduct').eq('lowStock', true).listAll(), 2000)
  say(
    `✓ stock check ran: ${flagged.map((p) => `${p.name} (${p.stock} left)`).join(', ')} flagged low ` +
      `(threshold ${numberSetting('lowStockThreshold')})`,
  )

  // Tenancy: everything above happened in acme; globex sees none of it.
  const [acme, globex] = (['acme', 'globex'] as const).map((tenant) =>
    host.runAs({ tenant }, () => SimpleQuery.count('DeskOrder')),
  )
  say(`✓ tenancy: acme has ${acme} orders, globex ${globex}`)

  // Messages: 0.0.5 declares only pushNotification, which the runtime lacks (the documented mismatch).
  try {
    MessageHelper.pushNotification(new Notification({ content: 'Order #3 shipped', toUserName: 'ada' }))
    say('✗ MessageHelper.pushNotification worked, but the platform runtime lacks it')
    process.exitCode = 1
  } catch (error) {
    say(
      `ℹ no message sent: MessageHelper.pushNotification is declared in 0.0.5 but absent at runtime (${(error as Error).name})`,
    )
  }

  host.unloadPlugin(manifest.name)
  if (host.errors.length > 0) throw new Error('an asynchronous task failed', { cause: host.errors[0] })
  host.uninstall()
  say('✓ plugin unloaded (offLoad cancelled the stock check), host uninstalled, no task failed')
  for (const warning of warnings) say(`ℹ the host warned: ${warning.message.split('. ')[0]}`)

  // The platform emulator: the plugin's dynamic service over HTTP, as a frontend calls it.
  const emulator = createEmulator(orderDeskEmulator)
  try {
    const baseUrl = await emulator.listen()
    // Over HTTP the default admin/admin is not served; this run chooses the administrator's password.
    const password = randomBytes(12).toString('base64url')
    emulator.updateUser('admin', { password })
    say(`✓ emulator listening at ${baseUrl} (npx vendor-api serve runs the same)`)
    const login = await fetch(`${baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    })
    const { access_token: token, expires_in: expiresIn } = (await login.json()) as Record<string, unknown>
    if (login.status !== 200 || typeof token !== 'string') throw new Error(`login answered ${login.status}`)
    say(`✓ POST /api/auth/login as admin: ${login.status}, a Bearer token for ${String(expiresIn)} s`)
    const path = '/service/customer-summary?customer=Ada%20Lovelace'
    const answer = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })
    const text = await answer.text()
    if (answer.status !== 200 || (JSON.parse(text) as { customer?: unknown }).customer !== 'Ada Lovelace')
      throw new Error(`the service answered ${answer.status} ${text}`)
    say(`✓ GET /api${path}: ${answer.status} ${text}`)
  } finally {
    await emulator.close()
  }
  say('✓ emulator closed')

  print(
    `order-desk on the reference host and the platform emulator (platform ${platformVersion}, library ${libraryLine}, ${linkage} linkage)`,
  )
} catch (error) {
  host.uninstall()
  say(`✗ FAILED: ${error instanceof Error ? error.message : String(error)}`)
  if (error instanceof Error && error.cause !== undefined) say(`  cause: ${String(error.cause)}`)
  process.exitCode = 1
  print('order-desk on the reference host')
} finally {
  await store.close()
}

function print(title: string): void {
  console.log(`\n${title}\n${'─'.repeat(title.length)}`)
  for (const line of lines) console.log(line)
  console.log(
    `\n${process.exitCode === 1 ? 'Failed' : 'Done'} in ${Math.round(performance.now() - started)} ms.`,
  )
}

/** Polls `read` until it returns a non-empty list, or fails after `timeoutMs`. */
async function waitFor<T>(read: () => readonly T[], timeoutMs: number): Promise<readonly T[]> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const found = read()
    if (found.length > 0) return found
    if (performance.now() > deadline) throw new Error(`nothing happened within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** `n` and the noun, plural unless `n` is 1: "1 order", "3 items". */
function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
