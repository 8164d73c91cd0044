/**
 * The REST client (`@tech-vendor/api/client`):
 * (a) what a frontend bundle pays for it: dist/client/index.js bundled and minified with esbuild, gzipped with
 *     node:zlib (target under 4 KB);
 * (b) what it adds to a call: `client.data('BenchTicket').list({ max: 10 })` against a bare `fetch` of the same
 *     request (`GET /api/data/BenchTicket?max=10`, the same headers, the body parsed as JSON) to the same
 *     emulator, listening on 127.0.0.1, in the same process. Calls are sequential (one at a time), rounds are
 *     interleaved (alternating which goes first) after a warm-up, and the medians are compared. The same is
 *     measured in-process (`emulator.fetch`, no socket), where the client's share of a call is larger, and
 *     against a fetch that answers at once with the emulator's recorded answer (no server at all), which leaves
 *     only the client's own work: building the request, the signals and timers, reading the envelope.
 *
 * Before timing, the bench checks that both ways return the same objects.
 *
 * Run with `npm run bench` (which builds first). Figures vary by machine; the ratios are what to compare.
 */
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type * as ApiModule from '../src/index.js'
import type * as ClientModule from '../src/client/index.js'
import type * as EmulatorModule from '../src/emulator/index.js'
import { entrySize } from './entry-size.js'
import { median } from './median.js'
import { printTable } from './report.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
if (!existsSync(join(dist, 'client', 'index.js')))
  throw new Error('dist/ is missing: run `npm run build` first (npm run bench does).')
const load = async <T>(entry: string): Promise<T> =>
  (await import(pathToFileURL(join(dist, entry)).href)) as T
const api = await load<typeof ApiModule>('index.js')
const { createClient } = await load<typeof ClientModule>('client/index.js')
const { createEmulator } = await load<typeof EmulatorModule>('emulator/index.js')

const ROUNDS = 21
const CALLS_PER_ROUND = 200
const TARGET_GZIP_BYTES = 4 * 1024

// --- (a) entry size ----------------------------------------------------------------------------------------

const size = await entrySize(join(dist, 'client', 'index.js'))

// --- (b) overhead per call ---------------------------------------------------------------------------------

await using emulator = createEmulator({
  domains: {
    BenchTicket: {
      fields: { title: { type: 'STRING', required: true }, priority: 'INTEGER', price: 'BIG_DECIMAL' },
    },
  },
})
emulator.host.runAs({}, () =>
  api.DomainHelper.batchCreate(
    'BenchTicket',
    Array.from({ length: 10 }, (_, i) =>
      api.DomainHelper.buildDomain('BenchTicket', { title: `ticket ${i}`, priority: i, price: `${i}.50` }),
    ),
  ),
)
const baseUrl = await emulator.listen({ port: 0, hostname: '127.0.0.1' })

type Call = () => Promise<unknown>

/** The bare request and the client's, over one transport (a fetch and a base URL). */
async function contenders(
  fetchWith: (input: string, init: RequestInit) => Promise<Response>,
  base: string,
): Promise<{ bare: Call; client: Call }> {
  const client = createClient({ baseUrl: base, fetch: fetchWith })
  const { access_token } = await client.login('admin', 'admin')
  const headers = { accept: 'application/json', authorization: `Bearer ${access_token}` }
  const bare: Call = async () => {
    const response = await fetchWith(`${base}/data/BenchTicket?max=10`, { method: 'GET', headers })
    if (response.status !== 200) throw new Error(`bare fetch answered ${response.status}`)
    return ((await response.json()) as { data: unknown[] }).data
  }
  const viaClient: Call = async () => (await client.data('BenchTicket').list({ max: 10 })).data
  const [fromBare, fromClient] = [await bare(), await viaClient()]
  if (JSON.stringify(fromBare) !== JSON.stringify(fromClient) || (fromBare as unknown[]).length !== 10)
    throw new Error('the client and the bare fetch answered different objects')
  return { bare, client: viaClient }
}

/** Microseconds per call of one round of sequential calls. */
async function timeRound(call: Call): Promise<number> {
  const start = process.hrtime.bigint()
  for (let i = 0; i < CALLS_PER_ROUND; i++) await call()
  return Number(process.hrtime.bigint() - start) / 1000 / CALLS_PER_ROUND
}

interface Overhead {
  readonly bareUs: number
  readonly clientUs: number
  readonly ratio: number
}

/** Interleaves rounds of the bare and the client calls (alternating which goes first), after a warm-up. */
async function measure(calls: { bare: Call; client: Call }): Promise<Overhead> {
  await timeRound(calls.bare)
  await timeRound(calls.client)
  const bare: number[] = []
  const client: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      bare.push(await timeRound(calls.bare))
      client.push(await timeRound(calls.client))
    } else {
      client.push(await timeRound(calls.client))
      bare.push(await timeRound(calls.bare))
    }
  }
  const [bareUs, clientUs] = [median(bare), median(client)]
  return { bareUs, clientUs, ratio: clientUs / bareUs }
}

const overHttp = await measure(await contenders((input, init) => fetch(input, init), baseUrl))
const inProcess = await measure(await contenders(emulator.fetch, 'http://localhost/api'))
// The emulator's own answers, recorded once and replayed at once: the login's, then the list's.
const recorded = new Map<string, string>()
for (const [path, init] of [
  [
    '/auth/login',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":"admin","password":"admin"}',
    },
  ],
  [
    '/data/BenchTicket?max=10',
    {
      method: 'GET',
      headers: {
        authorization: `Bearer ${(await createClient({ baseUrl: 'http://localhost/api', fetch: emulator.fetch }).login('admin', 'admin')).access_token}`,
      },
    },
  ],
] as const)
  recorded.set(path.split('?')[0]!, await (await emulator.fetch(`http://localhost/api${path}`, init)).text())
const replay = (input: string): Promise<Response> =>
  Promise.resolve(
    new Response(recorded.get(new URL(input).pathname.slice('/api'.length)), {
      headers: { 'content-type': 'application/json' },
    }),
  )
const noServer = await measure(await contenders(replay, 'http://localhost/api'))

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(2)} KB`
const us = (value: number): string => `${value.toFixed(1)} µs`
const rows = (label: string, o: Overhead): string[][] => [
  [`bare fetch, ${label}`, `${us(o.bareUs)}/call`, '', 'baseline'],
  [`client.data().list(), ${label}`, `${us(o.clientUs)}/call`, '', `+${us(o.clientUs - o.bareUs)}`],
  [`client / bare fetch, ${label}`, `${o.ratio.toFixed(2)}x`, '', ''],
]

printTable('REST client: size and overhead per call (bench/client.bench.ts)', [
  ['measure', 'value', 'target', 'verdict'],
  [
    'client entry, min+gzip',
    kb(size.gzipped),
    `< ${kb(TARGET_GZIP_BYTES)}`,
    size.gzipped < TARGET_GZIP_BYTES ? 'within target' : 'ABOVE TARGET',
  ],
  ['client entry, minified', kb(size.minified), '', ''],
  ...rows('over HTTP (127.0.0.1)', overHttp),
  ...rows('in-process (emulator.fetch)', inProcess),
  ...rows('no server (a recorded answer)', noServer),
])
console.log(
  `(medians of ${ROUNDS} interleaved rounds of ${CALLS_PER_ROUND} sequential calls each, after a warm-up round of each)`,
)
