/**
 * (a) What a facade adds to a trivial host call: `SimpleQuery.count('Order')` through the built package with a
 * bound runtime whose `count` returns a constant (and, for scale, one whose `count` reads a Map), against
 * calling the same host method directly. Both run in this process, interleaved round by round (alternating
 * which goes first), and the medians are compared.
 * (b) The size a plugin bundle pays for the root entry: dist/index.js bundled and minified with esbuild,
 * gzipped with node:zlib.
 *
 * Run with `npm run bench` (which builds first). Figures vary by machine; the ratios are what to compare.
 */
import { build } from 'esbuild'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import type * as ApiModule from '../src/index.js'
import type * as ContractModule from '../src/runtime-contract/index.js'
import { printTable } from './report.js'

type Api = typeof ApiModule
type Contract = typeof ContractModule

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
if (!existsSync(join(dist, 'index.js')))
  throw new Error('dist/ is missing: run `npm run build` first (npm run bench does).')

const api = (await import(pathToFileURL(join(dist, 'index.js')).href)) as Api
const contract = (await import(pathToFileURL(join(dist, 'runtime-contract', 'index.js')).href)) as Contract

const ROUNDS = 21
const CALLS_PER_ROUND = 1_000_000
const TARGETS = { facadeRatio: 1.5, gzipBytes: 6 * 1024 }

// --- (a) facade overhead ---------------------------------------------------------------------------------

/**
 * Two hosts: the trivial one of the target (count returns a constant, which the engine inlines into the
 * direct loop, so the baseline is close to zero), and a minimal real one (count reads a Map by domain name).
 */
const counts = new Map([['Order', 42]])
const hosts = {
  constant: { count: (_target: unknown): number => 42 },
  'Map lookup': { count: (target: unknown): number => counts.get(target as string) ?? 0 },
}

function runtimeWith(query: object): Parameters<Contract['bindRuntime']>[0] {
  return {
    description: {
      name: 'bench-host',
      platformVersion: '1.0.0-beta18',
      libraryLine: '0.0.5',
      linkage: 'dynamic',
    },
    query,
  } as unknown as Parameters<Contract['bindRuntime']>[0]
}

/** Nanoseconds per call of one round; the sum is checked so that no engine can drop the loop. */
function timeRound(loop: (calls: number) => number): number {
  const start = process.hrtime.bigint()
  const sum = loop(CALLS_PER_ROUND)
  const elapsed = Number(process.hrtime.bigint() - start)
  if (sum !== 42 * CALLS_PER_ROUND) throw new Error(`unexpected sum ${sum}`)
  return elapsed / CALLS_PER_ROUND
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[sorted.length >> 1] ?? Number.NaN
}

interface Overhead {
  readonly directNs: number
  readonly facadeNs: number
  readonly ratio: number
}

/** Interleaves rounds of the direct and the facade loop (alternating which goes first) and compares medians. */
function measure(query: { count(target: unknown): number }): Overhead {
  // Each scenario gets loops of its own, so that no call site sees two hosts.
  const direct = new Function(
    'query',
    'return (calls) => { let sum = 0; for (let i = 0; i < calls; i++) sum += query.count("Order"); return sum }',
  )(query) as (calls: number) => number
  const facade = new Function(
    'SimpleQuery',
    'return (calls) => { let sum = 0; for (let i = 0; i < calls; i++) sum += SimpleQuery.count("Order"); return sum }',
  )(api.SimpleQuery) as (calls: number) => number
  const binding = contract.bindRuntime(runtimeWith(query))
  const directTimes: number[] = []
  const facadeTimes: number[] = []
  try {
    // Warm-up: both loops reach the optimising compiler before anything is measured.
    for (let i = 0; i < 3; i++) {
      timeRound(direct)
      timeRound(facade)
    }
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        directTimes.push(timeRound(direct))
        facadeTimes.push(timeRound(facade))
      } else {
        facadeTimes.push(timeRound(facade))
        directTimes.push(timeRound(direct))
      }
    }
  } finally {
    binding.unbind()
  }
  const directNs = median(directTimes)
  const facadeNs = median(facadeTimes)
  return { directNs, facadeNs, ratio: facadeNs / directNs }
}

/**
 * Each host is measured in a process of its own: a real process binds one host, and measuring two in one
 * process would make the facade's call into the host polymorphic, which no plugin sees.
 */
function measureInChild(host: keyof typeof hosts): Overhead {
  const result = spawnSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), MEASURE_FLAG, host],
    {
      encoding: 'utf8',
    },
  )
  if (result.status !== 0) throw new Error(`measuring ${host} failed:\n${result.stderr}`)
  return JSON.parse(result.stdout) as Overhead
}

const MEASURE_FLAG = '--measure-host'
if (process.argv[2] === MEASURE_FLAG) {
  const host = process.argv[3] as keyof typeof hosts
  console.log(JSON.stringify(measure(hosts[host])))
  process.exit(0)
}

const overhead = Object.fromEntries(
  (Object.keys(hosts) as (keyof typeof hosts)[]).map((host) => [host, measureInChild(host)]),
) as Record<keyof typeof hosts, Overhead>

// --- (b) root entry size ---------------------------------------------------------------------------------

async function gzippedSize(entry: string): Promise<{ minified: number; gzipped: number }> {
  const result = await build({
    entryPoints: [join(dist, entry)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]?.contents ?? new Uint8Array()
  return { minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength }
}

const sizes = {
  root: await gzippedSize('index.js'),
  v1: await gzippedSize('v1/index.js'),
  contract: await gzippedSize('runtime-contract/index.js'),
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(2)} KB`
const verdict = (ok: boolean): string => (ok ? 'within target' : 'ABOVE TARGET')

const ns = (value: number): string => `${value.toFixed(2)} ns`

printTable('Facade overhead and bundle size (bench/facade.bench.ts)', [
  ['measure', 'value', 'target', 'verdict'],
  ...Object.entries(overhead).flatMap(([host, o]) => [
    [`host count (${host}), called directly`, `${ns(o.directNs)}/call`, '', 'baseline'],
    [
      `host count (${host}), via SimpleQuery.count`,
      `${ns(o.facadeNs)}/call`,
      '',
      `+${ns(o.facadeNs - o.directNs)}`,
    ],
    [
      `facade / direct, ${host}`,
      `${o.ratio.toFixed(2)}x`,
      `< ${TARGETS.facadeRatio}x`,
      verdict(o.ratio < TARGETS.facadeRatio),
    ],
  ]),
  [
    'root entry, min+gzip',
    kb(sizes.root.gzipped),
    `< ${kb(TARGETS.gzipBytes)}`,
    verdict(sizes.root.gzipped < TARGETS.gzipBytes),
  ],
  ['root entry, minified', kb(sizes.root.minified), '', ''],
  ['./v1 entry, min+gzip', kb(sizes.v1.gzipped), '', 'for information'],
  ['./runtime-contract entry, min+gzip', kb(sizes.contract.gzipped), '', 'for information'],
])
console.log(
  `(medians of ${ROUNDS} interleaved rounds of ${CALLS_PER_ROUND.toLocaleString('en')} calls each, after 3 warm-up rounds)`,
)
