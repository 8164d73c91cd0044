/**
 * The platform emulator's throughput and p99 latency over real HTTP, against a bare Hono app doing the same JSON
 * work, each server in a process of its own and the load from `wrk` (a separate process, written in C, so that
 * the load generator does not share a JavaScript event loop with either server). Three routes, each measured
 * alone: list (`GET /api/data/BenchOrder?max=10`), get by id (`GET /api/data/BenchOrder/<id>`) and create
 * (`POST /api/data/BenchOrder` with a JSON body). The baseline (`bench/http-target.ts hono`) is `@hono/node-server`
 * with its defaults answering the same paths with `c.json`: the same objects, an array for a store, no tokens,
 * no rules. The emulator (`bench/http-target.ts emulator`, the built package) answers as a logged-in user with a
 * bearer token.
 *
 * Rounds alternate which server goes first; each server process is started afresh per round, warmed up on each
 * route, then measured. The medians of the rounds are compared. Every measured answer must be 200 (wrk counts
 * the others as non-2xx): the bench fails otherwise.
 *
 * Needs `wrk` on the PATH (Debian and Ubuntu: `apt-get install wrk`). Run with `npm run bench -- emulator-http`
 * (builds first) or `npx tsx bench/emulator-http.bench.ts` on a fresh build. `BENCH_SECONDS` (default 5) sets
 * each measurement's length, `BENCH_ROUNDS` (default 3) the rounds, `BENCH_CONNECTIONS` (default 50) wrk's
 * connections.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { median } from './median.js'
import { printTable } from './report.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
if (!existsSync(join(root, 'dist', 'emulator', 'index.js')))
  throw new Error('dist/ is missing: run `npm run build` first (npm run bench does).')
if (spawnSync('wrk', ['--version']).error !== undefined) {
  console.error(
    'emulator-http.bench.ts needs wrk, the HTTP load generator, on the PATH: install it (Debian and Ubuntu: apt-get install wrk) and run again.',
  )
  process.exit(1)
}

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5)
const WARM_UP_SECONDS = Math.max(1, Math.round(SECONDS / 2))
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3)
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50)

type ServerKind = 'emulator' | 'hono'
type RouteName = 'list' | 'get by id' | 'create'
const ROUTES: readonly RouteName[] = ['list', 'get by id', 'create']

interface Running {
  readonly url: string
  readonly token: string
  readonly id: number
  readonly child: ChildProcess
}

interface Measured {
  readonly requestsPerSecond: number
  readonly p99Ms: number
  readonly non2xx: number
  readonly requests: number
}

const tsx = createRequire(import.meta.url).resolve('tsx')
const scratch = mkdtempSync(join(tmpdir(), 'emulator-http-bench-'))
const createScript = join(scratch, 'create.lua')
writeFileSync(
  createScript,
  [
    'wrk.method = "POST"',
    'wrk.headers["content-type"] = "application/json"',
    `wrk.body = '${JSON.stringify({ number: 7, status: 'OPEN', total: '12.50', note: 'created by wrk' })}'`,
    '',
  ].join('\n'),
)

async function start(kind: ServerKind): Promise<Running> {
  const child = spawn(process.execPath, ['--import', tsx, join(root, 'bench', 'http-target.ts'), kind], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout! })
  const first = await new Promise<string>((done, fail) => {
    lines.once('line', done)
    child.once('exit', (code) =>
      fail(new Error(`bench/http-target.ts ${kind} exited with ${code} before it listened`)),
    )
  })
  lines.close()
  return { ...(JSON.parse(first) as Omit<Running, 'child'>), child }
}

async function stop(running: Running): Promise<void> {
  const exited = new Promise((done) => running.child.once('exit', done))
  running.child.kill()
  await exited
}

/** wrk's latency in milliseconds from its text (`812.00us`, `1.20ms`, `2.01s`). */
function milliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text)
  if (match === null) throw new Error(`wrk printed a latency this bench cannot read: ${text}`)
  const value = Number(match[1])
  return match[2] === 'us' ? value / 1000 : match[2] === 'ms' ? value : value * 1000
}

function wrk(running: Running, route: RouteName, seconds: number): Measured {
  const url =
    route === 'get by id'
      ? `${running.url}/data/BenchOrder/${running.id}`
      : route === 'list'
        ? `${running.url}/data/BenchOrder?max=10`
        : `${running.url}/data/BenchOrder`
  const args = [
    '-t1',
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    '--latency',
    '-H',
    `authorization: Bearer ${running.token}`,
  ]
  if (route === 'create') args.push('-s', createScript)
  const result = spawnSync('wrk', [...args, url], { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr}`)
  const out = result.stdout
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)
  const p99 = /^\s+99%\s+(\S+)/m.exec(out)
  const total = /(\d+) requests in/.exec(out)
  if (rps === null || p99 === null || total === null)
    throw new Error(`wrk printed what this bench cannot read:\n${out}`)
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out)
  const errors = /Socket errors:.*/.exec(out)
  if (errors !== null) console.error(`${route}: ${errors[0]}`)
  return {
    requestsPerSecond: Number(rps[1]),
    p99Ms: milliseconds(p99[1]!),
    non2xx: non2xx === null ? 0 : Number(non2xx[1]),
    requests: Number(total[1]),
  }
}

const results: Record<ServerKind, Record<RouteName, Measured[]>> = {
  emulator: { list: [], 'get by id': [], create: [] },
  hono: { list: [], 'get by id': [], create: [] },
}

try {
  for (let round = 0; round < ROUNDS; round++) {
    const order: ServerKind[] = round % 2 === 0 ? ['emulator', 'hono'] : ['hono', 'emulator']
    for (const kind of order) {
      const running = await start(kind)
      try {
        for (const route of ROUTES) {
          wrk(running, route, WARM_UP_SECONDS)
          results[kind][route].push(wrk(running, route, SECONDS))
        }
      } finally {
        await stop(running)
      }
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}

const rows: string[][] = [
  [
    'route',
    'bare Hono req/s',
    'emulator req/s',
    'emulator / Hono',
    'bare Hono p99',
    'emulator p99',
    'p99 emulator / Hono',
  ],
]
let failures = 0
for (const route of ROUTES) {
  const hono = results.hono[route]
  const emulator = results.emulator[route]
  failures += [...hono, ...emulator].reduce((sum, m) => sum + m.non2xx, 0)
  const honoRps = median(hono.map((m) => m.requestsPerSecond))
  const emulatorRps = median(emulator.map((m) => m.requestsPerSecond))
  const honoP99 = median(hono.map((m) => m.p99Ms))
  const emulatorP99 = median(emulator.map((m) => m.p99Ms))
  rows.push([
    route,
    honoRps.toFixed(0),
    emulatorRps.toFixed(0),
    `${(emulatorRps / honoRps).toFixed(2)}x`,
    `${honoP99.toFixed(1)} ms`,
    `${emulatorP99.toFixed(1)} ms`,
    `${(emulatorP99 / honoP99).toFixed(2)}x`,
  ])
}
printTable(
  `Emulator over HTTP vs bare Hono (wrk, 1 thread, ${CONNECTIONS} connections, ${SECONDS} s per route after ${WARM_UP_SECONDS} s of warm-up, each server in its own process; medians of ${ROUNDS} interleaved rounds)`,
  rows,
)
if (failures > 0) {
  console.error(`${failures} answers were not 2xx: the figures above are not comparable.`)
  process.exit(1)
}
console.log('Every measured answer was 2xx.')
