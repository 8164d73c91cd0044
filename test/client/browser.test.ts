import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize, sep } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { createEmulator } from '../../src/emulator/index.js'
import { ensureBuilt } from '../packaging/built-package.js'
import { TICKETS } from './platform.js'

/** Debian's chromium package puts the browser here (`apt-get install chromium`). */
const CHROMIUM = '/usr/bin/chromium'

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * The page: loads the built client entry as a module, as a frontend does, logs in through the page's own origin
 * (whose `/api` the test server passes on to the emulator, as a dev server's proxy does), uses the client, and
 * posts what it saw back to the test. A classic script reports anything that goes wrong before the module runs.
 */
const PAGE = `<!doctype html>
<html>
<head><meta charset="utf-8"><title>client in a browser</title></head>
<body>
<pre id="result">running</pre>
<script>
  const report = (outcome) => {
    document.getElementById('result').textContent = JSON.stringify(outcome)
    fetch('/result', { method: 'POST', body: JSON.stringify(outcome) })
  }
  addEventListener('error', (event) => report({ failed: String(event.message) }))
  addEventListener('unhandledrejection', (event) => report({ failed: String(event.reason && event.reason.stack || event.reason) }))
</script>
<script type="module">
  import { createClient, PlatformValidationError, NoPermissionError } from '/dist/client/index.js'
  try {
    const stored = []
    const client = createClient({ baseUrl: '/api', onTokens: (tokens) => stored.push(tokens !== null) })
    const login = await client.login('admin', 'admin')
    const tickets = client.data('Ticket')
    const created = await tickets.create({ title: 'from the browser', price: '12.50' })
    const page = await tickets.list({ max: 10 })
    let validation = null
    try {
      await tickets.create({ priority: 1 })
    } catch (error) {
      validation = { name: error.name, is: PlatformValidationError.is(error), status: error.status }
    }
    await client.logout()
    let afterLogout = null
    try {
      await tickets.list()
    } catch (error) {
      afterLogout = { name: error.name, is: NoPermissionError.is(error), errCode: error.errCode }
    }
    report({
      userAgent: navigator.userAgent,
      username: login.username,
      created: { title: created.title, price: created.price },
      total: page.total,
      validation,
      afterLogout,
      stored,
    })
  } catch (error) {
    report({ failed: String(error && error.stack || error) })
  }
</script>
</body>
</html>`

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript',
  '.cjs': 'text/javascript',
  '.html': 'text/html',
}

const cleanups: (() => Promise<void> | void)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Whether any process of the group is still running. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

/** Ends the browser's process group (SIGTERM, then SIGKILL) and waits until no process of it is left. */
async function endProcessGroup(pgid: number): Promise<void> {
  // At most 10 s: a helper left as a zombie (where nothing reaps orphans) must not hang the test.
  for (let tries = 0; tries < 100 && groupAlive(pgid); tries++) {
    process.kill(-pgid, tries < 50 ? 'SIGTERM' : 'SIGKILL')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

it('loads the built client entry in headless Chromium and logs in to a listening emulator', async (context) => {
  if (!existsSync(CHROMIUM))
    context.skip(
      `${CHROMIUM} is absent: install Debian's chromium (apt-get install chromium) to run the browser test`,
    )
  const dist = ensureBuilt()
  const emulator = createEmulator(TICKETS)
  cleanups.push(() => emulator.close())
  const api = new URL(await emulator.listen({ port: 0, hostname: '127.0.0.1' }))

  // The page's server: the page, the built files, and /api passed on to the emulator (same origin, as behind the
  // platform's reverse proxy). It records every /api request the browser sent.
  const proxied: { method: string; url: string; authorization: string | undefined }[] = []
  let settle: (outcome: unknown) => void = () => undefined
  const outcome = new Promise<unknown>((resolve) => (settle = resolve))
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '/'
    if (url === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE)
    } else if (url === '/result' && request.method === 'POST') {
      void readBody(request).then((text) => {
        response.writeHead(204).end()
        settle(JSON.parse(text))
      })
    } else if (url.startsWith('/api/')) {
      proxied.push({ method: request.method ?? 'GET', url, authorization: request.headers.authorization })
      const forward = httpRequest(
        { host: api.hostname, port: api.port, method: request.method, path: url, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(response)
        },
      )
      request.pipe(forward)
    } else if (url.startsWith('/dist/')) {
      const file = normalize(join(dist, url.slice('/dist/'.length)))
      if (!file.startsWith(`${dist}${sep}`) || !existsSync(file)) {
        response.writeHead(404).end()
        return
      }
      response
        .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'text/plain' })
        .end(readFileSync(file))
    } else {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const profile = mkdtempSync(join(tmpdir(), 'tech-vendor-chromium-'))
  cleanups.push(() => rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }))
  // A process group of its own, so that the browser and every helper process it starts end together.
  const browser = spawn(CHROMIUM, [...FLAGS, `--user-data-dir=${profile}`, `${origin}/`], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its temporary files go into the profile too, removed with it.
    env: { ...process.env, TMPDIR: profile },
    detached: true,
  })
  let stderr = ''
  browser.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const exited = new Promise<void>((resolve) => browser.on('exit', () => resolve()))
  cleanups.push(() => endProcessGroup(browser.pid!))
  const ended = exited.then(() => {
    throw new Error(`chromium exited before the page reported:\n${stderr.slice(-2000)}`)
  })

  const result = (await Promise.race([outcome, ended])) as Record<string, unknown>

  expect(result['failed'], String(result['failed'])).toBeUndefined()
  expect(result['userAgent']).toMatch(/HeadlessChrome|Chrome/)
  expect(result).toMatchObject({
    username: 'admin',
    created: { title: 'from the browser', price: 12.5 },
    total: 1,
    validation: { name: 'PlatformValidationError', is: true, status: 200 },
    afterLogout: { name: 'NoPermissionError', is: true, errCode: 1004 },
    stored: [true, false],
  })
  // The browser sent the token only as a Bearer header, never in a URL.
  expect(proxied.map((request) => `${request.method} ${request.url}`)).toEqual([
    'POST /api/auth/login',
    'POST /api/data/Ticket',
    'GET /api/data/Ticket?max=10',
    'POST /api/data/Ticket',
    'GET /api/data/Ticket',
  ])
  expect(proxied.slice(1, 4).every((request) => request.authorization?.startsWith('Bearer ey'))).toBe(true)
  expect(proxied[4]?.authorization).toBeUndefined()
})
