/**
 * The reference host under a real test suite, each figure against a baseline measured in this process:
 * (a) the CPU cost of 5,000 timers and 5,000 promises after 1,000 hosts that each ran `runAs`, `loadPlugin`
 *     and `AsyncHelper.task` and were uninstalled, against the same work before the first host (after a
 *     warm-up); target ≤ 1.1x.
 * (b) the heap a host leaves behind once uninstalled and dropped, per host, after a full collection (measured
 *     after 100 hosts have warmed the code up); target ≤ 1 KB.
 * (c) importing 100,000 seed rows with a key column (and importing them again, every row unchanged), against
 *     `DomainHelper.batchCreate` of the same rows, in CPU time, rounds interleaved after a warm-up round; the
 *     median of each round's ratio; target ≤ 3x. A miss fails the bench (exit code 1): the target is held.
 *
 * Run with `npm run bench`, or alone: `npx tsx bench/host-suite.bench.ts` (add `import` for (c) only). Figures
 * vary by machine; the ratios are what to compare.
 */
import v8 from 'node:v8'
import vm from 'node:vm'
import { AsyncHelper, DomainHelper, VendorPlatformComponent } from '../src/index.js'
import { createTestHost, type TestHost } from '../src/testing/index.js'
import { median } from './median.js'
import { printTable } from './report.js'

const TARGETS = { timersRatio: 1.1, heapPerHost: 1024, importRatio: 3 }
const HOSTS = 1000
const TIMER_ROUNDS = 15
const ROWS = 100_000
const IMPORT_ROUNDS = 5
/** The argument `import`: part (c) only, the seed import against batchCreate. */
const IMPORT_ONLY = process.argv.includes('import')

v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void
const collect = (): void => {
  gc()
  gc()
}

// --- (a) and (b): what 1,000 hosts leave behind ----------------------------------------------------------

/**
 * 5,000 timers and 5,000 promises, all awaited: the work every later test of a suite does. Measured in CPU time
 * (what the process spends on them), not wall time, which the timers' own waits and other processes colour.
 */
async function timersAndPromises(): Promise<number> {
  const start = process.cpuUsage()
  const pending: Promise<unknown>[] = []
  for (let i = 0; i < 5000; i++) pending.push(new Promise((resolve) => setTimeout(resolve, 0)))
  for (let i = 0; i < 5000; i++) pending.push(Promise.resolve(i).then((n) => n + 1))
  await Promise.all(pending)
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

/** Batches per round: one batch takes a couple of milliseconds, too short to time on a shared machine alone. */
const BATCHES = 10

/** The median cost of one batch, over `count` rounds of {@link BATCHES} batches. */
async function rounds(count: number): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    let total = 0
    for (let b = 0; b < BATCHES; b++) total += await timersAndPromises()
    times.push(total / BATCHES)
  }
  return median(times)
}

const DOMAINS = { Note: { fields: { text: 'STRING' } } } as const

class Startup extends VendorPlatformComponent {
  override onLoad(): void {
    DomainHelper.createDomain(DomainHelper.buildDomain('Note', { text: 'loaded' }))
  }
}

/** One test's host: runAs, a plugin and a task, then uninstall. */
async function oneHost(index: number): Promise<void> {
  const host: TestHost = createTestHost({
    name: `host-${index}`,
    domains: DOMAINS,
    deprecationWarnings: 'per-process',
  }).install()
  await host.runAs({ user: { id: 1, username: 'ann' } }, async () => {
    await Promise.resolve()
    DomainHelper.createDomain(DomainHelper.buildDomain('Note', { text: 'in runAs' }))
  })
  host.loadPlugin({ manifest: { name: 'startup', version: '1.0.0' }, components: [Startup] })
  ;(AsyncHelper.task as unknown as (r: () => void) => unknown)(() =>
    DomainHelper.createDomain(DomainHelper.buildDomain('Note', { text: 'in a task' })),
  )
  await host.whenIdle()
  host.uninstall()
}

/** Parts (a) and (b): the table's rows for what 1,000 hosts leave behind. */
async function hostFigures(): Promise<string[][]> {
  await rounds(6) // warm-up: the baseline must not pay for compiling the work
  // The baseline twice: how far two measures of one state drift apart is the noise floor of the ratio.
  const noise = await rounds(TIMER_ROUNDS)
  const before = await rounds(TIMER_ROUNDS)
  // A hundred hosts first, so that compiled code and V8's shapes are not counted as what hosts leave behind.
  for (let i = 0; i < 100; i++) await oneHost(-i)
  collect()
  const heapBefore = process.memoryUsage().heapUsed
  for (let i = 0; i < HOSTS; i++) await oneHost(i)
  await new Promise((resolve) => setTimeout(resolve, 10))
  collect()
  const heapAfter = process.memoryUsage().heapUsed
  const after = await rounds(TIMER_ROUNDS)
  const timersRatio = after / before
  const noiseRatio = before / noise
  const heapPerHost = Math.max(0, heapAfter - heapBefore) / HOSTS
  return [
    [
      `5k timers + 5k promises after ${HOSTS} hosts (CPU)`,
      `${after.toFixed(2)} ms`,
      `${before.toFixed(2)} ms before any host`,
      `${timersRatio.toFixed(2)}x`,
      `≤ ${TARGETS.timersRatio}x: ${verdict(timersRatio <= TARGETS.timersRatio)}`,
    ],
    [
      '  the same, before any host, measured twice',
      `${before.toFixed(2)} ms`,
      `${noise.toFixed(2)} ms`,
      `${noiseRatio.toFixed(2)}x`,
      'the noise floor of the ratio above',
    ],
    [
      'heap left per uninstalled host',
      `${heapPerHost.toFixed(0)} B`,
      `${((heapAfter - heapBefore) / 1024).toFixed(0)} KB for ${HOSTS}`,
      '',
      `≤ ${TARGETS.heapPerHost} B: ${verdict(heapPerHost <= TARGETS.heapPerHost)}`,
    ],
  ]
}

const verdict = (ok: boolean): string => (ok ? 'met' : 'MISSED')

// --- (c) seed import against batchCreate -----------------------------------------------------------------

const ITEM = { Item: { fields: { code: 'STRING', name: 'STRING', qty: 'INTEGER' } } } as const
const csvOf = (rows: number): string =>
  `code(*),name,qty\n${Array.from({ length: rows }, (_, i) => `C${i},Item ${i},${i % 100}`).join('\n')}\n`

/**
 * The CPU time of `fn` (every thread of the process, the collector's included) and its wall time, in ms, after
 * a full collection: each measure starts from the same heap, whatever ran before it. CPU time is what the ratio
 * is taken on: on a shared machine, the wall time of two runs one after the other depends on what else ran
 * meanwhile.
 */
function timed(fn: () => void): { cpu: number; wall: number } {
  collect()
  const cpu = process.cpuUsage()
  const start = performance.now()
  fn()
  const wall = performance.now() - start
  const used = process.cpuUsage(cpu)
  return { cpu: (used.user + used.system) / 1000, wall }
}

type Timing = ReturnType<typeof timed>

function timeImport(csv: string, rows: number): { first: Timing; again: Timing } {
  const host = createTestHost({ domains: ITEM }).install()
  try {
    let created = 0
    const first = timed(() => (created = host.importSeedCsv('Item', csv).created))
    if (created !== rows) throw new Error(`the import created ${created} rows, not ${rows}`)
    let unchanged = 0
    const again = timed(() => (unchanged = host.importSeedCsv('Item', csv).unchanged))
    if (unchanged !== rows) throw new Error(`the re-import found ${unchanged} rows unchanged`)
    return { first, again }
  } finally {
    host.uninstall()
  }
}

function timeBatchCreate(rows: number): Timing {
  const host = createTestHost({ domains: ITEM }).install()
  try {
    const objects = Array.from({ length: rows }, (_, i) =>
      DomainHelper.buildDomain('Item', { code: `C${i}`, name: `Item ${i}`, qty: i % 100 }),
    )
    return timed(() => DomainHelper.batchCreate('Item', objects))
  } finally {
    host.uninstall()
  }
}

/** Part (c): each round's import, re-import and batchCreate; the ratios are taken round by round. */
function importFigures(): { rows: string[][]; met: boolean } {
  // A warm-up round on a tenth of the rows: (a) and (b) compile batchCreate's path, nothing compiles the import's.
  timeImport(csvOf(ROWS / 10), ROWS / 10)
  timeBatchCreate(ROWS / 10)
  const csv = csvOf(ROWS)
  const firsts: Timing[] = []
  const agains: Timing[] = []
  const batches: Timing[] = []
  for (let round = 0; round < IMPORT_ROUNDS; round++) {
    // Alternate which goes first (each starts after a full collection), so that neither always runs second.
    if (round % 2 === 0) batches.push(timeBatchCreate(ROWS))
    const { first, again } = timeImport(csv, ROWS)
    firsts.push(first)
    agains.push(again)
    if (round % 2 === 1) batches.push(timeBatchCreate(ROWS))
  }
  const ratios = (of: Timing[], key: keyof Timing): number[] =>
    of.map((timing, round) => timing[key] / (batches[round] as Timing)[key])
  const importRatio = median(ratios(firsts, 'cpu'))
  const againRatio = median(ratios(agains, 'cpu'))
  const cpu = (of: Timing[]): string => `${median(of.map((t) => t.cpu)).toFixed(0)} ms`
  const each = (of: Timing[], key: keyof Timing): string =>
    ratios(of, key)
      .map((r) => r.toFixed(2))
      .join(' ')
  const met = importRatio <= TARGETS.importRatio && againRatio <= TARGETS.importRatio
  return {
    met,
    rows: [
      [
        `seed CSV, ${ROWS / 1000}k rows with a key column (CPU)`,
        cpu(firsts),
        `${cpu(batches)} batchCreate`,
        `${importRatio.toFixed(2)}x`,
        `≤ ${TARGETS.importRatio}x: ${verdict(importRatio <= TARGETS.importRatio)}`,
      ],
      ['  each round (CPU; wall)', '', '', `${each(firsts, 'cpu')}; ${each(firsts, 'wall')}`, ''],
      [
        'the same CSV again, all unchanged (CPU)',
        cpu(agains),
        `${cpu(batches)} batchCreate`,
        `${againRatio.toFixed(2)}x`,
        `≤ ${TARGETS.importRatio}x: ${verdict(againRatio <= TARGETS.importRatio)}`,
      ],
      ['  each round (CPU; wall)', '', '', `${each(agains, 'cpu')}; ${each(agains, 'wall')}`, ''],
    ],
  }
}

process.removeAllListeners('warning')
const hostRows = IMPORT_ONLY ? [] : await hostFigures()
const imports = importFigures()
printTable('Host under a suite (medians; ratios against the baseline of the same run)', [
  ['measure', 'result', 'baseline', 'ratio', 'target'],
  ...hostRows,
  ...imports.rows,
])
if (!imports.met) {
  console.error(
    `The seed import misses its target of ${TARGETS.importRatio}x batchCreate (issue 26, item 6).`,
  )
  process.exitCode = 1
}
