/**
 * The reference host's query engine on 100,000 objects, each figure against a baseline run in this process,
 * interleaved round by round (alternating which goes first), medians compared:
 * (a) a selective `eq` lookup through the hash index against the same query on a table without indexes
 *     (a full scan); target at least 50x faster.
 * (b) mixed filter + order + page queries against a hand-written `Array.filter`/`sort`/`slice` over plain
 *     objects holding the same values; target within 1.5x.
 * (c) heap per stored object (the table's rows, its id map and order, and its indexes) against an array of
 *     the same objects written as plain literals.
 *
 * Run with `npm run bench`, or alone: `npx tsx bench/engine.bench.ts`. Figures vary by machine; the ratios
 * are what to compare.
 */
import v8 from 'node:v8'
import vm from 'node:vm'
import type { QueryCondition } from '../src/model/query-condition.js'
import {
  Table,
  createDomainSchema,
  createStoredRow,
  type EnginePage,
  type EngineQuery,
  type StoredRow,
} from '../src/testing/store/memory/index.js'
import { median } from './median.js'
import { printTable } from './report.js'

const N = 100_000
const ROUNDS = 15
const TARGETS = { indexSpeedup: 50, queryRatio: 1.5 }

/** Plain objects as a hand-written baseline would hold them: the same values the engine stores. */
interface Order {
  id: number
  status: string
  code: string
  customer: number
  total: number
  name: string
  createdAt: number
  note: string | null
}

const STATUSES = ['OPEN', 'PAID', 'SHIPPED', 'CLOSED', 'CANCELLED']
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi', 'ze', 'an', 'bo', 'ce']

/** Deterministic data: the same sequence every run. */
function* orders(): Generator<Order> {
  let seed = 42
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
  for (let id = 1; id <= N; id++) {
    const syllables = 2 + Math.floor(next() * 3)
    let name = ''
    for (let s = 0; s < syllables; s++) name += SYLLABLES[Math.floor(next() * SYLLABLES.length)]
    yield {
      id,
      status: STATUSES[Math.floor(next() * STATUSES.length)] as string,
      code: `C${String(id).padStart(6, '0')}`,
      customer: 1 + Math.floor(next() * 1000),
      total: Math.round(next() * 100_000) / 100,
      name,
      createdAt: Date.UTC(2024, 0, 1) + Math.floor(next() * 365 * 86_400_000),
      note: next() < 0.5 ? null : `note ${id}`,
    }
  }
}

const schema = createDomainSchema('Order', [
  { name: 'status', type: 'STRING', required: true },
  { name: 'code', type: 'STRING', required: true },
  { name: 'customer', type: 'DOMAIN_OBJECT', required: false, domain: 'Customer' },
  { name: 'total', type: 'DOUBLE', required: false },
  { name: 'name', type: 'STRING', required: false },
  { name: 'createdAt', type: 'ZONED_DATETIME', required: false },
  { name: 'note', type: 'STRING', required: false },
])

function tableOf(autoIndex: boolean): Table {
  const table = new Table(schema, { autoIndex })
  for (const order of orders())
    table.insert(createStoredRow(schema, order as unknown as Record<string, unknown>))
  return table
}

const plain: Order[] = [...orders()]
const indexed = tableOf(true)
const scanning = tableOf(false)

/** Nanoseconds per call of `fn`, over `calls` calls. */
function time(fn: (i: number) => number, calls: number): number {
  let sink = 0
  const start = process.hrtime.bigint()
  for (let i = 0; i < calls; i++) sink += fn(i)
  const elapsed = Number(process.hrtime.bigint() - start)
  if (sink < 0) throw new Error('unreachable')
  return elapsed / calls
}

/** Interleaves rounds of the baseline and the candidate (alternating which goes first); medians in ns. */
function compare(
  baseline: (i: number) => number,
  candidate: (i: number) => number,
  calls: { baseline: number; candidate: number },
): { baselineNs: number; candidateNs: number } {
  time(baseline, calls.baseline)
  time(candidate, calls.candidate)
  const b: number[] = []
  const c: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      b.push(time(baseline, calls.baseline))
      c.push(time(candidate, calls.candidate))
    } else {
      c.push(time(candidate, calls.candidate))
      b.push(time(baseline, calls.baseline))
    }
  }
  return { baselineNs: median(b), candidateNs: median(c) }
}

const format = (ns: number): string =>
  ns >= 1e6
    ? `${(ns / 1e6).toFixed(2)} ms`
    : ns >= 1e3
      ? `${(ns / 1e3).toFixed(2)} µs`
      : `${ns.toFixed(0)} ns`
const q = (and: boolean, ...conditions: object[]): EngineQuery => ({
  and,
  conditions: conditions as QueryCondition[],
})
const ids = (rows: readonly { id: number }[]): string => rows.map((r) => r.id).join(',')

// --- (a) a selective eq lookup: index versus full scan ---------------------------------------------------

const code = (i: number): string => `C${String(1 + ((i * 7919) % N)).padStart(6, '0')}`
const lookup = (i: number): EngineQuery => q(true, { operator: 'eq', field: 'code', value: code(i) })
if (ids(indexed.select(lookup(3)).rows) !== ids(scanning.select(lookup(3)).rows))
  throw new Error('(a) results differ')
const a = compare(
  (i) => scanning.select(lookup(i)).rows.length,
  (i) => indexed.select(lookup(i)).rows.length,
  { baseline: 8, candidate: 20_000 },
)
const aHand = compare(
  (i) => {
    const wanted = code(i)
    return plain.filter((o) => o.code === wanted).length
  },
  (i) => indexed.select(lookup(i)).rows.length,
  { baseline: 8, candidate: 20_000 },
)
const speedup = a.baselineNs / a.candidateNs
printTable('(a) eq(code, one value) on 100,000 objects: hash index versus full scan', [
  ['measure', 'per query', 'ratio'],
  ['full scan (same engine, no index; baseline)', format(a.baselineNs), ''],
  ['hand-written Array.filter over plain objects', format(aHand.baselineNs), ''],
  ['indexed lookup', format(a.candidateNs), ''],
  [
    'speed-up of the index over the scan',
    '',
    `**${speedup.toFixed(0)}x** (target ≥ ${TARGETS.indexSpeedup}x)`,
  ],
])

// --- (b) filter + order + page versus hand-written filter/sort/slice ---------------------------------------

interface Case {
  readonly title: string
  readonly query: EngineQuery
  readonly page: EnginePage
  readonly hand: () => Order[]
}

const byText = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0)
const from = Date.UTC(2024, 6, 1)
const cases: Case[] = [
  {
    title: "eq(status,'OPEN') & gt(total,250), order by total desc, page 3 of 20",
    query: q(
      true,
      { operator: 'eq', field: 'status', value: 'OPEN' },
      { operator: 'gt', field: 'total', value: 250 },
    ),
    page: { offset: 40, limit: 20, orderBy: ['total'], asc: false },
    hand: () =>
      plain
        .filter((o) => o.status === 'OPEN' && o.total > 250)
        .sort((x, y) => y.total - x.total || x.id - y.id)
        .slice(40, 60),
  },
  {
    title: "ge(createdAt, July) & iLike(name,'ka%'), order by name, first 50",
    query: q(
      true,
      { operator: 'ge', field: 'createdAt', value: new Date(from) },
      { operator: 'iLike', field: 'name', value: 'ka%' },
    ),
    page: { offset: 0, limit: 50, orderBy: ['name'], asc: true },
    hand: () =>
      plain
        .filter((o) => o.createdAt >= from && o.name.toLowerCase().startsWith('ka'))
        .sort((x, y) => byText(x.name, y.name) || x.id - y.id)
        .slice(0, 50),
  },
  {
    title:
      'in(status,[PAID,SHIPPED]) OR lt(total,10), order by customer, total, rows 5,000-5,100 (full sort)',
    query: q(
      false,
      { operator: 'in', field: 'status', value: ['PAID', 'SHIPPED'] },
      { operator: 'lt', field: 'total', value: 10 },
    ),
    page: { offset: 5000, limit: 100, orderBy: ['customer', 'total'], asc: true },
    hand: () =>
      plain
        .filter((o) => o.status === 'PAID' || o.status === 'SHIPPED' || o.total < 10)
        .sort((x, y) => x.customer - y.customer || x.total - y.total || x.id - y.id)
        .slice(5000, 5100),
  },
]

const bRows: string[][] = [['query', 'hand-written (baseline)', 'engine', 'engine / baseline']]
for (const c of cases) {
  if (ids(indexed.select(c.query, c.page).rows) !== ids(c.hand()))
    throw new Error(`(b) results differ: ${c.title}`)
  const r = compare(
    () => c.hand().length,
    () => indexed.select(c.query, c.page).rows.length,
    { baseline: 5, candidate: 5 },
  )
  const ratio = r.candidateNs / r.baselineNs
  bRows.push([c.title, format(r.baselineNs), format(r.candidateNs), `**${ratio.toFixed(2)}x**`])
}
printTable(`(b) filter + order + page on 100,000 objects (target ≤ ${TARGETS.queryRatio}x)`, bRows)

// --- (c) memory per stored object ----------------------------------------------------------------------------

v8.setFlagsFromString('--expose-gc')
const gc = ((globalThis as { gc?: () => void }).gc ?? vm.runInNewContext('gc')) as () => void
const heap = (): number => {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

/** Heap bytes per object that `build` keeps alive. */
function bytesPerObject(build: () => unknown): number {
  const before = heap()
  const kept = build()
  const after = heap()
  if (kept === undefined) throw new Error('unreachable')
  return (after - before) / N
}

// Fresh copies of the values for every measure, so that no two measures share strings.
const literals = bytesPerObject(() => {
  const out: Order[] = []
  for (const o of orders()) out.push({ ...o })
  return out
})
const rowsOnly = bytesPerObject(() => {
  const out: StoredRow[] = []
  for (const o of orders()) out.push(createStoredRow(schema, o as unknown as Record<string, unknown>))
  return out
})
const table = bytesPerObject(() => tableOf(true))
const withIndexes = bytesPerObject(() => {
  const t = tableOf(true)
  t.ensureIndex('status')
  t.ensureIndex('code')
  t.ensureIndex('customer')
  return t
})
printTable('(c) heap per object, 100,000 objects of 8 fields', [
  ['what is kept', 'bytes per object', 'ratio to plain objects'],
  ['array of plain object literals (baseline)', literals.toFixed(0), '1.00x'],
  [
    'array of frozen stored rows (createStoredRow)',
    rowsOnly.toFixed(0),
    `${(rowsOnly / literals).toFixed(2)}x`,
  ],
  ['Table: rows + id map + id order', table.toFixed(0), `**${(table / literals).toFixed(2)}x**`],
  [
    'Table with hash indexes on status, code, customer',
    withIndexes.toFixed(0),
    `${(withIndexes / literals).toFixed(2)}x`,
  ],
])

console.log(`Node ${process.version}, ${process.platform} ${process.arch}`)
if (speedup < TARGETS.indexSpeedup) console.log(`(a) below target: ${speedup.toFixed(1)}x`)
