import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from 'playwright-core'
import { afterEach, expect, it } from 'vitest'
import { DomainHelper, SimpleQuery } from '../../../src/index.js'
import type { LogicRequest } from '../../../src/emulator/index.js'
import { SHOP, seed } from '../shop.js'
import { startWire } from '../wire.js'

/** Debian's chromium package puts the browser here (`apt-get install chromium`). */
const CHROMIUM = '/usr/bin/chromium'

/** Screenshots of the console, kept for a person to look at (gitignored). */
const ARTIFACTS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../test-artifacts')

const browsers: Browser[] = []

afterEach(async () => {
  for (const browser of browsers.splice(0)) await browser.close()
})

function hello(request: LogicRequest) {
  const body = request.body as { name?: string } | undefined
  return { greeting: `Hello ${body?.name ?? 'nobody'}`, caller: request.user?.username ?? null }
}

it('the console in headless Chromium: logs in, lists the domains, pages through and opens an object, calls a service, reads the recent requests', async (context) => {
  if (!existsSync(CHROMIUM))
    context.skip(
      `${CHROMIUM} is absent: install Debian's chromium (apt-get install chromium) to run the console test`,
    )
  const wire = await startWire({ ...SHOP, defaultTenant: 'acme', logic: { hello } }, 'http')
  const host = wire.emulator.host
  const customers = seed(host, 'Customer', [{ name: 'Ada' }])
  seed(
    host,
    'Order',
    Array.from({ length: 25 }, (_, index) => ({
      number: 1000 + index,
      status: index % 2 === 0 ? 'OPEN' : 'CLOSED',
      total: '12.50',
      customer: customers[0],
    })),
  )
  host.runAs({ tenant: 'acme' }, () => {
    const logic = SimpleQuery.of('DynamicLogic').eq('name', 'hello').get()
    DomainHelper.createDomain(
      DomainHelper.buildDomain('DynamicServiceProvider', { name: 'hello', active: true, logic }),
    )
  })
  const origin = new URL(wire.baseUrl).origin

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  browsers.push(browser)
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  mkdirSync(ARTIFACTS, { recursive: true })

  await page.goto(`${origin}/`)
  await page.fill('#username', 'admin')
  await page.fill('#password', 'admin')
  await page.click('#login-form button[type=submit]')

  // The domains come from the API description: the application's first, then the platform's.
  await page.waitForSelector('#domains button[data-domain="Order"]')
  const domains = await page.$$eval('#domains button', (buttons) => buttons.map((b) => b.textContent))
  expect(domains.slice(0, 4)).toEqual(['Customer', 'Product', 'Order', 'Tag'])
  expect(domains.length).toBeGreaterThan(4)
  expect(await page.textContent('#who')).toContain('admin')

  await page.click('#domains button[data-domain="Order"]')
  await page.waitForSelector('#objects tbody tr[data-id]')
  expect(await page.$$eval('#objects tbody tr[data-id]', (rows) => rows.length)).toBe(20)
  expect(await page.textContent('#page-info')).toBe('1–20 of 25')
  await page.screenshot({ path: join(ARTIFACTS, 'console-data.png') })
  await page.click('#next')
  await page.waitForSelector('#page-info:text-is("21–25 of 25")')
  expect(await page.$$eval('#objects tbody tr[data-id]', (rows) => rows.length)).toBe(5)

  await page.click('#objects tbody tr[data-id]:nth-child(2)')
  await page.waitForSelector('#object-panel:not(.hidden)')
  const opened = JSON.parse((await page.textContent('#object-detail')) ?? 'null') as Record<string, unknown>
  expect(opened).toMatchObject({
    number: 1021,
    status: 'CLOSED',
    total: 12.5,
    customer: { id: customers[0]!.id },
  })
  expect(await page.textContent('#object-title')).toBe(`Order ${String(opened['id'])}`)
  await page.screenshot({ path: join(ARTIFACTS, 'console-object.png') })

  await page.click('#tabs button[data-tab="services"]')
  await page.fill('#service-name', 'hello')
  await page.selectOption('#service-method', 'POST')
  await page.fill('#service-body', '{"name": "Ada"}')
  await page.click('#service-form button[type=submit]')
  await page.waitForSelector('#service-result:not(.hidden)')
  expect(await page.textContent('#service-status')).toBe('HTTP 200')
  expect(JSON.parse((await page.textContent('#service-result')) ?? 'null')).toEqual({
    greeting: 'Hello Ada',
    caller: 'admin',
  })
  await page.screenshot({ path: join(ARTIFACTS, 'console-service.png') })

  await page.click('#tabs button[data-tab="requests"]')
  await page.waitForSelector('#requests tbody tr')
  const requests = await page.$$eval('#requests tbody tr', (rows) =>
    rows.map((row) => [...row.children].map((cell) => cell.textContent)),
  )
  // Newest first: the service call, the object, the two pages, the list of domains, the login.
  expect(requests[0]).toEqual([
    expect.any(String),
    'POST',
    '/api/service/hello',
    '200',
    expect.any(String),
    'admin',
    '',
  ])
  expect(requests.map((row) => `${row[1]} ${row[2]}`)).toEqual(
    expect.arrayContaining(['GET /api/data/Order?max=20&offset=20', 'POST /api/auth/login', 'GET /']),
  )
  await page.screenshot({ path: join(ARTIFACTS, 'console-requests.png'), fullPage: true })

  // Log out forgets the token: the login form is back.
  await page.click('#logout')
  await page.waitForSelector('#login:not(.hidden)')
  expect(problems).toEqual([])
})
