import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { createEmulator, type EmulatorOptions } from '../../src/emulator/index.js'
import { ensureBuilt } from '../packaging/built-package.js'
import { TICKETS } from './platform.js'

/** Debian's chromium package puts the browser here (`apt-get install chromium`). */
const CHROMIUM = '/usr/bin/chromium'

/** The page's own name for the refused case: Chromium resolves it to loopback (see `--host-resolver-rules`). */
const FOREIGN_HOST = 'frontend.example'

/**
 * The page: loads the built client entry from its own server, as a frontend does, and calls the emulator on
 * another port, a cross-origin call with a preflight. It logs in, creates a ticket, lists them, and leaves what it
 * saw (or the error it got) in `window.outcome`.
 */
const page = (baseUrl: string): string => `<!doctype html>
<html>
<head><meta charset="utf-8"><title>client across origins</title></head>
<body>
<script type="module">
  import { createClient, PlatformConnectionError } from '/dist/client/index.js'
  try {
    const client = createClient({ baseUrl: ${JSON.stringify(baseUrl)}, retries: 0 })
    const login = await client.login('admin', 'admin')
    const tickets = client.data('Ticket')
    const created = await tickets.create({ title: 'from another origin', price: '12.50' })
    const page = await tickets.list({ max: 10 })
    window.outcome = {
      origin: location.origin,
      username: login.username,
      created: { id: created.id, title: created.title, price: created.price },
      listed: page.data.map((ticket) => ticket.title),
      total: page.total,
    }
  } catch (error) {
    window.outcome = {
      origin: location.origin,
      failed: { name: error.name, is: PlatformConnectionError.is(error), reason: error.reason, message: error.message },
    }
  }
</script>
</body>
</html>`

const cleanups: (() => Promise<void> | void)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Serves the page and the built files on 127.0.0.1, a free port; resolves to the port. */
async function servePage(html: string, dist: string): Promise<number> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(html)
      return
    }
    const file = normalize(join(dist, url.pathname.replace(/^\/dist\//, '')))
    if (!url.pathname.startsWith('/dist/') || !file.startsWith(dist + sep) || !existsSync(file)) {
      response.writeHead(404).end()
      return
    }
    const type = extname(file) === '.html' ? 'text/html' : 'text/javascript'
    response.writeHead(200, { 'content-type': type }).end(readFileSync(file))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  )
  return (server.address() as AddressInfo).port
}

async function launch(): Promise<Browser> {
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
      // The refused case needs a page origin that is not loopback by name; nothing leaves the machine.
      `--host-resolver-rules=MAP ${FOREIGN_HOST} 127.0.0.1`,
    ],
  })
  cleanups.push(() => browser.close())
  return browser
}

/** Opens the page at `pageUrl` and waits for what it reports. */
async function outcomeOf(browser: Browser, pageUrl: string): Promise<Record<string, unknown>> {
  const tab = await browser.newPage()
  await tab.goto(pageUrl)
  await tab.waitForFunction(() => 'outcome' in globalThis, undefined, { timeout: 30_000 })
  return (await tab.evaluate(() => (globalThis as unknown as { outcome: Record<string, unknown> }).outcome))!
}

/** An emulator listening on 127.0.0.1, a free port; resolves to its base URL. */
async function listening(options: EmulatorOptions): Promise<string> {
  const emulator = createEmulator(options)
  cleanups.push(() => emulator.close())
  return emulator.listen({ port: 0, hostname: '127.0.0.1' })
}

describe('the client in headless Chromium, on a page of another origin than the emulator', () => {
  it('logs in, creates and lists from a loopback dev-server origin, which the default CORS policy allows', async (context) => {
    if (!existsSync(CHROMIUM))
      context.skip(
        `${CHROMIUM} is absent: install Debian's chromium (apt-get install chromium) to run the browser tests`,
      )
    const dist = ensureBuilt()
    const baseUrl = await listening(TICKETS)
    const port = await servePage(page(baseUrl), dist)
    const outcome = await outcomeOf(await launch(), `http://localhost:${port}/`)
    expect(outcome).toEqual({
      origin: `http://localhost:${port}`,
      username: 'admin',
      created: { id: expect.any(Number), title: 'from another origin', price: 12.5 },
      listed: ['from another origin'],
      total: 1,
    })
  }, 120_000)

  const refused = (origin: string) => ({
    origin,
    failed: {
      name: 'PlatformConnectionError',
      is: true,
      reason: 'network',
      message: expect.stringContaining(
        "Check that the platform runs at baseUrl and, from a browser, allows this page's origin (CORS).",
      ),
    },
  })

  it('fails from an origin that is not loopback by name, with a connection error that says CORS may be the cause', async (context) => {
    if (!existsSync(CHROMIUM))
      context.skip(
        `${CHROMIUM} is absent: install Debian's chromium (apt-get install chromium) to run the browser tests`,
      )
    const dist = ensureBuilt()
    const baseUrl = await listening(TICKETS)
    const port = await servePage(page(baseUrl), dist)
    const outcome = await outcomeOf(await launch(), `http://${FOREIGN_HOST}:${port}/`)
    expect(outcome).toEqual(refused(`http://${FOREIGN_HOST}:${port}`))
  }, 120_000)

  it('fails from a loopback origin that a cors list leaves out', async (context) => {
    if (!existsSync(CHROMIUM))
      context.skip(
        `${CHROMIUM} is absent: install Debian's chromium (apt-get install chromium) to run the browser tests`,
      )
    const dist = ensureBuilt()
    const baseUrl = await listening({ ...TICKETS, cors: ['http://localhost:1'] })
    const port = await servePage(page(baseUrl), dist)
    const outcome = await outcomeOf(await launch(), `http://localhost:${port}/`)
    expect(outcome).toEqual(refused(`http://localhost:${port}`))
  }, 120_000)
})
