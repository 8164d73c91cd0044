/**
 * The reference host under a real test suite, each figure against a baseline measured in this process:
 * (a) the CPU cost of 5,000 timers and 5,000 promises after 1,000 hosts that each ran `runAs`, `loadPlugin`
 *     and `AsyncHelper.task` and were uninstalled, against the same work before the first host (after a
 *     warm-up); target ≤ 1.1x.
 * (b) the heap a host leaves behind once uninstalled and dropped, per host, after a full collection (measured
 *     after 100 hosts have warmed the code up); target ≤ 1 KB.
 * (c) importing 100,000 seed rows with a key column (and importing them again, every row unchanged), against
 *     `DomainHelper.batchCreate` of the same rows, rounds interleaved; target ≤ 3x.
 *
 * Run with `npm run bench`, or alone: `npx tsx bench/host-suite.bench.ts`. Figures vary by machine; the
 * ratios are what to compare.
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
const IMPORT_ROUNDS = 3

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

process.removeAllListeners('warning')
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

// --- (c) seed import against batchCreate -----------------------------------------------------------------

const csv = `code(*),name,qty\n${Array.from({ length: ROWS }, (_, i) => `C${i},Item ${i},${i % 100}`).join('\n')}\n`
const ITEM = { Item: { fields: { code: 'STRING', name: 'STRING', qty: 'INTEGER' } } } as const

function timeImport(): { first: number; again: number } {
  const host = createTestHost({ domains: ITEM }).install()
  try {
    let start = performance.now()
    const result = host.importSeedCsv('Item', csv)
    const first = performance.now() - start
    if (result.created !== ROWS) throw new Error(`the import created ${result.created} rows, not ${ROWS}`)
    start = performance.now()
    const repeat = host.importSeedCsv('Item', csv)
    const again = performance.now() - start
    if (repeat.unchanged !== ROWS) throw new Error(`the re-import found ${repeat.unchanged} rows unchanged`)
    return { first, again }
  } finally {
    host.uninstall()
  }
}

function timeBatchCreate(): number {
  const host = createTestHost({ domains: ITEM }).install()
  try {
    const objects = Array.from({ length: ROWS }, (_, i) =>
      DomainHelper.buildDomain('Item', { code: `C${i}`, name: `Item ${i}`, qty: i % 100 }),
    )
    const start = performance.now()
    DomainHelper.batchCreate('Item', objects)
    return performance.now() - start
  } finally {
    host.uninstall()
  }
}

const firsts: number[] = []
const agains: number[] = []
const batches: number[] = []
for (let round = 0; round < IMPORT_ROUNDS; round++) {
  // Alternate which goes first, so that neither always runs on the other's garbage.
  if (round % 2 === 0) batches.push(timeBatchCreate())
  const { first, again } = timeImport()
  firsts.push(first)
  agains.push(again)
  if (round % 2 === 1) batches.push(timeBatchCreate())
  collect()
}
const batch = median(batches)
const importRatio = median(firsts) / batch
const againRatio = median(agains) / batch

const verdict = (ok: boolean): string => (ok ? 'met' : 'MISSED')
printTable('Host under a suite (medians; ratios against the baseline of the same run)', [
  ['measure', 'result', 'baseline', 'ratio', 'target'],
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
  [
    `seed CSV, ${ROWS / 1000}k rows with a key column`,
    `${median(firsts).toFixed(0)} ms`,
    `${batch.toFixed(0)} ms batchCreate`,
    `${importRatio.toFixed(2)}x`,
    `≤ ${TARGETS.importRatio}x: ${verdict(importRatio <= TARGETS.importRatio)}`,
  ],
  [
    'the same CSV again (all unchanged)',
    `${median(agains).toFixed(0)} ms`,
    `${batch.toFixed(0)} ms batchCreate`,
    `${againRatio.toFixed(2)}x`,
    `≤ ${TARGETS.importRatio}x: ${verdict(againRatio <= TARGETS.importRatio)}`,
  ],
])
