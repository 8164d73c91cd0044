/**
 * One server of `emulator-http.bench.ts`, in a process of its own: `emulator` (the built emulator) or `hono` (a
 * bare Hono app on `@hono/node-server` doing the same JSON work). It listens on a free port of 127.0.0.1, holds
 * 100 orders, and prints one line of JSON, `{"url", "token", "id"}`: the base URL, a bearer token (the
 * emulator's, from a real login), and the id of an order to read by id. It runs until it is killed.
 *
 * Not a bench itself (its name does not end in `.bench.ts`): the bench starts it.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { AddressInfo } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type * as ApiModule from '../src/index.js'
import type * as EmulatorModule from '../src/emulator/index.js'

const ORDERS = 100

/** An order as both servers hold and answer it. */
const order = (index: number): Record<string, unknown> => ({
  number: index,
  status: index % 2 === 0 ? 'OPEN' : 'CLOSED',
  total: '12.50',
  note: `order ${index}`,
})

interface Started {
  readonly url: string
  readonly token: string
  readonly id: number
}

async function startEmulator(): Promise<Started> {
  const dist = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'dist')
  const api = (await import(pathToFileURL(join(dist, 'index.js')).href)) as typeof ApiModule
  const { createEmulator } = (await import(
    pathToFileURL(join(dist, 'emulator', 'index.js')).href
  )) as typeof EmulatorModule
  const emulator = createEmulator({
    domains: {
      BenchOrder: {
        fields: {
          number: { type: 'INTEGER', required: true },
          status: { type: 'STRING', required: true },
          total: 'BIG_DECIMAL',
          note: 'STRING',
        },
      },
    },
    users: [{ username: 'bench', password: 'bench-password', roles: ['ROLE_ADMIN'] }],
  })
  const ids = emulator.host.runAs({}, () =>
    api.DomainHelper.batchCreate(
      'BenchOrder',
      Array.from({ length: ORDERS }, (_, index) => api.DomainHelper.buildDomain('BenchOrder', order(index))),
    ).map((created) => (created as { id: number }).id),
  )
  const url = await emulator.listen()
  const login = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
  })
  const { access_token: token } = (await login.json()) as { access_token: string }
  return { url, token, id: ids[ORDERS / 2]! }
}

/** The same routes as a bare Hono app: the same JSON in and out, an array for a store, no tokens or rules. */
async function startHono(): Promise<Started> {
  const orders: Record<string, unknown>[] = []
  for (let index = 0; index < ORDERS; index++) orders.push({ id: index + 1, ...order(index) })
  const app = new Hono().basePath('/api')
  app.get('/data/BenchOrder', (c) => {
    const max = Math.min(Number(c.req.query('max') ?? 10), 500)
    return c.json({ total: orders.length, data: orders.slice(0, max), formHookDataList: [] })
  })
  app.get('/data/BenchOrder/:id', (c) => {
    const found = orders[Number(c.req.param('id')) - 1]
    if (found === undefined) return c.json({ errCode: 1005, errMsg: 'not found' }, 404)
    return c.json({ data: found, formHookData: {} })
  })
  app.post('/data/BenchOrder', async (c) => {
    const created = { id: orders.length + 1, ...(await c.req.json<Record<string, unknown>>()) }
    orders.push(created)
    return c.json({ status: 'success', message: '', data: created, date: Date.now() })
  })
  const server = await new Promise<ReturnType<typeof serve>>((done) => {
    const started = serve(
      { fetch: app.fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false },
      () => done(started),
    )
  })
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/api`, token: 'none', id: ORDERS / 2 }
}

const kind = process.argv[2]
if (kind !== 'emulator' && kind !== 'hono') throw new Error('Usage: http-target.ts emulator|hono')
const started = kind === 'emulator' ? await startEmulator() : await startHono()
process.stdout.write(`${JSON.stringify(started)}\n`)
// Exit normally when the bench stops it, so that `node --cpu-prof` writes its profile.
process.once('SIGTERM', () => process.exit(0))
