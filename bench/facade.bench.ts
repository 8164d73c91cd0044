/**
 * (a) What a facade adds to a trivial host call: `SimpleQuery.count('Order')` through the built package with a
 * bound runtime, against calling the same host method directly. Both run in one process, interleaved round by
 * round (alternating which goes first), and the medians are compared. Three scenarios, each in a process of
 * its own:
 * - `Map lookup` (the primary measure): the host's `count` reads a Map by domain name, the least work a real
 *   host method does (every real one at least looks the domain up);
 * - `constant`: the host's `count` returns a constant. V8 inlines it into the direct loop, so the baseline is
 *   an empty loop (~0.4 ns) and the ratio only says that the facade does anything at all. Kept for scale;
 * - `Map lookup, many members`: as the first, after the process has called ten other facade members, as a
 *   plugin does. Any code the facades share (the argument checks, once their dispatch) has then seen every
 *   kind of member; a process that only ever calls `count` shows the best case, this one the usual case;
 * - `Map lookup, through imports`: as the first, but each loop is a module that imports what it calls (the
 *   host from a module exporting it, `SimpleQuery` from the built package), as plugin code does. The loops
 *   of the other scenarios hold what they call in a closure, and V8 folds it into the compiled loop; it does
 *   not fold what a module imports, in either loop, so both calls cost more and the facade's share differs.
 *   For information: the target is set on the primary scenario.
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
import { median } from './median.js'
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
const TARGETS = { facadeRatio: 1.2, gzipBytes: 6 * 1024 }

// --- (a) facade overhead ---------------------------------------------------------------------------------

const counts = new Map([['Order', 42]])
const constantCount = (_target: unknown): number => 42
const mapCount = (target: unknown): number => counts.get(target as string) ?? 0

/**
 * The scenarios of (a), in report order: the host's `count`, whether other members are called first, and
 * whether each loop imports what it calls rather than holding it in a closure.
 */
const scenarios = {
  'Map lookup': { count: mapCount, otherMembersFirst: false, throughImports: false },
  constant: { count: constantCount, otherMembersFirst: false, throughImports: false },
  'Map lookup, many members': { count: mapCount, otherMembersFirst: true, throughImports: false },
  'Map lookup, through imports': { count: mapCount, otherMembersFirst: false, throughImports: true },
} as const
type Scenario = keyof typeof scenarios

/** A runtime with every facet the other members need; `query.count` is the scenario's. */
function runtimeWith(count: (target: unknown) => number): Parameters<Contract['bindRuntime']>[0] {
  return {
    description: {
      name: 'bench-host',
      platformVersion: '1.0.0-beta18',
      libraryLine: '0.0.5',
      linkage: 'dynamic',
    },
    query: {
      count,
      resolveDomain: (target: unknown) => target,
      getById: () => null,
      getAll: () => [],
      list: () => ({ items: [], totalCount: 0 }),
      listAll: () => [],
      withTransaction: (closure: (status: unknown) => unknown) => closure({}),
    },
    domain: { buildDomain: () => ({}), createDomain: () => undefined },
    beans: { getBean: () => ({}) },
    storage: { createStorageFileDomain: () => ({}) },
    async: { scheduleAtFixRate: () => () => undefined },
  } as unknown as Parameters<Contract['bindRuntime']>[0]
}

/** Ten other members, called as a plugin calls them, so that the code the facades share has seen many members. */
function callOtherMembers(): void {
  class Settings {}
  for (let i = 0; i < 20_000; i++) {
    api.SimpleQuery.getById('Order', 1)
    api.SimpleQuery.getAll('Order')
    api.SimpleQuery.of('Order').eq('status', 'OPEN').list(0, 20)
    api.SimpleQuery.of('Order').listAll()
    api.QueryHelper.withTransaction(() => 1)
    api.DomainHelper.buildDomain('Order')
    api.DomainHelper.createDomain({ name: 'a' })
    api.BeanContainer.getBean(Settings)
    api.StorageUtils.createStorageFileDomain('a.csv', 'text/csv', 'a')
    api.AsyncHelper.scheduleAtFixRate(1000, () => undefined)
  }
}

/** A bench loop: calls `count` `calls` times and returns the sum of what it answered. */
type Loop = (calls: number) => number

/** Nanoseconds per call of one round; the sum is checked so that no engine can drop the loop. */
function timeRound(loop: Loop): number {
  const start = process.hrtime.bigint()
  const sum = loop(CALLS_PER_ROUND)
  const elapsed = Number(process.hrtime.bigint() - start)
  if (sum !== 42 * CALLS_PER_ROUND) throw new Error(`unexpected sum ${sum}`)
  return elapsed / CALLS_PER_ROUND
}

interface Overhead {
  readonly directNs: number
  readonly facadeNs: number
  readonly ratio: number
}

/** The loop that calls `receiver.count("Order")`, with `receiver` held in a closure. */
function closureLoop(receiver: string, value: unknown): Loop {
  return new Function(
    receiver,
    `return (calls) => { let sum = 0; for (let i = 0; i < calls; i++) sum += ${receiver}.count("Order"); return sum }`,
  )(value) as Loop
}

/** The loop that calls `receiver.count("Order")`, in a module of its own that imports `receiver` from `from`. */
async function importingLoop(receiver: string, from: string): Promise<Loop> {
  const source =
    `import { ${receiver} } from '${from}'\n` +
    `export const loop = (calls) => { let sum = 0; for (let i = 0; i < calls; i++) sum += ${receiver}.count("Order"); return sum }`
  return ((await import(moduleUrl(source))) as { loop: Loop }).loop
}

const moduleUrl = (source: string): string => `data:text/javascript,${encodeURIComponent(source)}`

/** Interleaves rounds of the direct and the facade loop (alternating which goes first) and compares medians. */
async function measure(scenario: Scenario): Promise<Overhead> {
  const { count, otherMembersFirst, throughImports } = scenarios[scenario]
  const runtime = runtimeWith(count)
  const query = runtime.query as { count(target: unknown): number }
  // Each scenario gets loops of its own, so that no call site sees two hosts.
  let direct: Loop
  let facade: Loop
  if (throughImports) {
    // The host is exported by a module, as a plugin's own modules export what they share.
    const host = moduleUrl('export let query\nexport function hold(value) { query = value }')
    ;((await import(host)) as { hold(value: unknown): void }).hold(query)
    direct = await importingLoop('query', host)
    facade = await importingLoop('SimpleQuery', pathToFileURL(join(dist, 'index.js')).href)
  } else {
    direct = closureLoop('query', query)
    facade = closureLoop('SimpleQuery', api.SimpleQuery)
  }
  const binding = contract.bindRuntime(runtime)
  // scheduleAtFixRate is deprecated at runtime: its one warning is not part of the measure.
  if (otherMembersFirst) withoutWarnings(callOtherMembers)
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

function withoutWarnings(run: () => void): void {
  const emitWarning = process.emitWarning
  process.emitWarning = () => undefined
  try {
    run()
  } finally {
    process.emitWarning = emitWarning
  }
}

/**
 * Each scenario is measured in a process of its own: a real process binds one host, and measuring two in one
 * process would make the facade's call into the host polymorphic, which no plugin sees.
 */
function measureInChild(scenario: Scenario): Overhead {
  const result = spawnSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), MEASURE_FLAG, scenario],
    { encoding: 'utf8' },
  )
  if (result.status !== 0) throw new Error(`measuring ${scenario} failed:\n${result.stderr}`)
  return JSON.parse(result.stdout) as Overhead
}

const MEASURE_FLAG = '--measure-scenario'
if (process.argv[2] === MEASURE_FLAG) {
  console.log(JSON.stringify(await measure(process.argv[3] as Scenario)))
  process.exit(0)
}

const overhead = Object.fromEntries(
  (Object.keys(scenarios) as Scenario[]).map((scenario) => [scenario, measureInChild(scenario)]),
) as Record<Scenario, Overhead>

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
  ...Object.entries(overhead).flatMap(([scenario, o]) => [
    [`host count (${scenario}), called directly`, `${ns(o.directNs)}/call`, '', 'baseline'],
    [
      `host count (${scenario}), via SimpleQuery.count`,
      `${ns(o.facadeNs)}/call`,
      '',
      `+${ns(o.facadeNs - o.directNs)}`,
    ],
    scenario === 'Map lookup, through imports'
      ? [`facade / direct, ${scenario}`, `${o.ratio.toFixed(2)}x`, '', 'for information']
      : [
          `facade / direct, ${scenario}${scenario === 'Map lookup' ? ' (primary)' : ''}`,
          `${o.ratio.toFixed(2)}x`,
          `≤ ${TARGETS.facadeRatio}x`,
          verdict(o.ratio <= TARGETS.facadeRatio),
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
