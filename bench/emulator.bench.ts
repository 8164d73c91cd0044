/**
 * The platform emulator under load: many concurrent clients, each logging in, then listing, creating and
 * calling a dynamic service in turn, against an emulator listening on loopback, bounded in requests and time.
 * The baseline is a bare Hono app on the same Node server doing the same JSON work per request (parse the body,
 * keep the objects in an array, write the same envelopes) without tokens, the reference host or the platform's
 * rules. Both run in this process, interleaved round by round (alternating which goes first); the medians of
 * throughput and p99 latency are compared.
 *
 * Checks, for every emulator round: nothing lost (every create answered `success` is an object of the host
 * afterwards, and there are no others) and no answer other than 200.
 *
 * Run with `npm run bench` (which builds first). Figures vary by machine; the ratios are what to compare.
 */
import { createAdaptorServer } from '@hono/node-server'
import { Hono } from 'hono'
import { existsSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type * as ApiModule from '../src/index.js'
import type * as EmulatorModule from '../src/emulator/index.js'
import { median } from './median.js'
import { printTable } from './report.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
if (!existsSync(join(dist, 'emulator', 'index.js')))
  throw new Error('dist/ is missing: run `npm run build` first (npm run bench does).')
const api = (await import(pathToFileURL(join(dist, 'index.js')).href)) as typeof ApiModule
const { createEmulator } = (await import(
  pathToFileURL(join(dist, 'emulator', 'index.js')).href
)) as typeof EmulatorModule

const CLIENTS = 50
const ROUNDS_PER_CLIENT = 20
const ROUNDS = 3
const PHASE_DEADLINE_MS = 60_000

interface Phase {
  readonly requests: number
  readonly seconds: number
  readonly latencies: readonly number[]
  readonly creates: number
  /** How many orders the server held after the phase: equal to `creates` when nothing was lost. */
  readonly stored: number
  readonly failures: readonly string[]
}

interface Target {
  readonly url: string
  /** How many orders the server holds now. */
  stored(): number
  close(): Promise<void>
}

/** The load: each client logs in once, then lists, creates and calls the service, ROUNDS_PER_CLIENT times. */
async function load(target: Target): Promise<Phase> {
  const latencies: number[] = []
  const failures: string[] = []
  let creates = 0
  const deadline = performance.now() + PHASE_DEADLINE_MS
  const timed = async (path: string, init: RequestInit = {}): Promise<unknown> => {
    const started = performance.now()
    const response = await fetch(`${target.url}${path}`, init)
    const text = await response.text()
    latencies.push(performance.now() - started)
    if (response.status !== 200)
      failures.push(`${init.method ?? 'GET'} ${path}: ${response.status} ${text.slice(0, 200)}`)
    return text === '' ? undefined : JSON.parse(text)
  }
  const client = async (index: number): Promise<void> => {
    const login = (await timed('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin' }),
    })) as { access_token: string }
    const headers = { authorization: `Bearer ${login.access_token}`, 'content-type': 'application/json' }
    for (let round = 0; round < ROUNDS_PER_CLIENT && performance.now() < deadline; round++) {
      await timed('/data/BenchOrder?max=10', { headers })
      const created = (await timed('/data/BenchOrder', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          number: index * 1000 + round,
          status: 'OPEN',
          total: '12.50',
          note: `client ${index}`,
        }),
      })) as { status?: string }
      if (created.status === 'success') creates++
      await timed('/service/summary?status=OPEN', { headers })
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)))
  const seconds = (performance.now() - started) / 1000
  const stored = target.stored()
  if (stored !== creates)
    failures.push(`${creates} creates answered success, but ${stored} orders are stored`)
  return { requests: latencies.length, seconds, latencies, creates, stored, failures }
}

const ORDER_FIELDS = {
  number: { type: 'INTEGER', required: true },
  status: { type: 'STRING', required: true },
  total: 'BIG_DECIMAL',
  note: 'STRING',
} as const

async function emulatorTarget(): Promise<Target> {
  const emulator = createEmulator({
    domains: { BenchOrder: { fields: ORDER_FIELDS } },
    logic: {
      summary: (request) => ({
        status: request.params['status'],
        orders: api.SimpleQuery.of('BenchOrder')
          .eq('status', request.params['status'] ?? 'OPEN')
          .list(0, 1).totalCount,
      }),
    },
  })
  emulator.host.runAs({}, () => {
    const logic = api.SimpleQuery.of('DynamicLogic').eq('name', 'summary').get()
    api.DomainHelper.createDomain(
      api.DomainHelper.buildDomain('DynamicServiceProvider', { name: 'summary', active: true, logic }),
    )
  })
  const url = await emulator.listen()
  return {
    url,
    stored: () => emulator.host.runAs({}, () => api.SimpleQuery.count('BenchOrder')),
    close: () => emulator.close(),
  }
}

/** The same routes as a bare Hono app: the same JSON in and out, an array for a store, no rules. */
async function baselineTarget(): Promise<Target> {
  const orders: Record<string, unknown>[] = []
  const json = (value: unknown): Response =>
    new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } })
  const app = new Hono()
  app.post('/api/auth/login', async (c) => {
    const { username } = (await c.req.json()) as { username: string }
    return json({
      access_token: 'x'.repeat(200),
      refresh_token: 'y'.repeat(180),
      token_type: 'Bearer',
      expires_in: 3600,
      username,
      roles: ['ROLE_ADMIN'],
      id: 1,
      name: username,
      avatar: null,
      extInfo: null,
    })
  })
  app.get('/api/data/BenchOrder', (c) => {
    const max = Math.min(Number(c.req.query('max') ?? 10), 500)
    return json({ total: orders.length, data: orders.slice(0, max), formHookDataList: [] })
  })
  app.post('/api/data/BenchOrder', async (c) => {
    const order = { id: orders.length + 1, ...((await c.req.json()) as object) }
    orders.push(order)
    return json({ status: 'success', message: '', data: order, date: Date.now() })
  })
  app.get('/api/service/summary', (c) => {
    const status = c.req.query('status')
    return json({ status, orders: orders.filter((o) => o['status'] === status).length })
  })
  const server = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    stored: () => orders.length,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

function p99(latencies: readonly number[]): number {
  const sorted = [...latencies].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? Number.NaN
}

async function phase(make: () => Promise<Target>): Promise<Phase> {
  const target = await make()
  try {
    return await load(target)
  } finally {
    await target.close()
  }
}

// Warm-up: one small pass of each, not measured.
await phase(emulatorTarget)
await phase(baselineTarget)

const results = { emulator: [] as Phase[], baseline: [] as Phase[] }
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? (['emulator', 'baseline'] as const) : (['baseline', 'emulator'] as const)
  for (const name of order)
    results[name].push(await phase(name === 'emulator' ? emulatorTarget : baselineTarget))
}

const failures = results.emulator
  .flatMap((p) => p.failures)
  .concat(results.baseline.flatMap((p) => p.failures))
const summary = (phases: readonly Phase[]) => ({
  throughput: median(phases.map((p) => p.requests / p.seconds)),
  p99: median(phases.map((p) => p99(p.latencies))),
  requests: median(phases.map((p) => p.requests)),
  creates: median(phases.map((p) => p.creates)),
  stored: median(phases.map((p) => p.stored)),
})
const emulator = summary(results.emulator)
const baseline = summary(results.baseline)

printTable(
  `Emulator under load: ${CLIENTS} concurrent clients on loopback, each login + ${ROUNDS_PER_CLIENT} × (list, create, service); medians of ${ROUNDS} interleaved rounds`,
  [
    ['measure', 'bare Hono handler (baseline)', 'emulator', 'emulator / baseline'],
    ['requests per round', String(baseline.requests), String(emulator.requests), ''],
    [
      'throughput (requests/s)',
      baseline.throughput.toFixed(0),
      emulator.throughput.toFixed(0),
      `${(emulator.throughput / baseline.throughput).toFixed(2)}x`,
    ],
    [
      'p99 latency (ms)',
      baseline.p99.toFixed(1),
      emulator.p99.toFixed(1),
      `${(emulator.p99 / baseline.p99).toFixed(2)}x`,
    ],
    [
      'creates answered success / stored',
      `${baseline.creates} / ${baseline.stored}`,
      `${emulator.creates} / ${emulator.stored}`,
      '',
    ],
  ],
)

if (failures.length > 0) {
  console.error(
    `${failures.length} unexpected answers or lost writes, such as:\n  ${failures.slice(0, 5).join('\n  ')}`,
  )
  process.exit(1)
}
console.log('Every answer was 200 and every create is stored.')
