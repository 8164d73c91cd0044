/**
 * The reference host's queries and writes on a table of `--rows` order-like objects, run by
 * bench/engine.bench.ts in a process of its own per size (with `--single-threaded-gc`, so that the CPU time
 * of this process is the work measured, and a young generation no sample fills: see `hostFigures` there).
 * Prints one JSON line: the figures of {@link HostFigures}.
 *
 * Every query goes through the built package as plugin code calls it (`SimpleQuery` on an installed test
 * host), so it pays validation, planning, matching and the copies the host returns. Its baseline is
 * hand-written JavaScript over an array of plain objects holding the same values that returns fresh copies
 * as the host does (a literal per match, the instant as a `Date`); for the count and the page, the plain loop
 * a plugin would write. Before timing, each query's ids are checked against its baseline's.
 */
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type * as ApiModule from '../src/index.js'
import type * as TestingModule from '../src/testing/index.js'
import { compareCpu, cpuMicros, type Comparison } from './cpu-compare.js'
import { median } from './median.js'
import { DOMAINS, STATUSES } from './bench-orders.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
if (!existsSync(join(dist, 'testing', 'index.js')))
  throw new Error('dist/ is missing: run `npm run build` first (npm run bench does).')
const api = (await import(pathToFileURL(join(dist, 'index.js')).href)) as typeof ApiModule
const testing = (await import(pathToFileURL(join(dist, 'testing', 'index.js')).href)) as typeof TestingModule
const { DomainHelper, DynamicDomainEntity, SimpleQuery } = api

const ROWS = Number(process.argv[process.argv.indexOf('--rows') + 1])
if (!Number.isSafeInteger(ROWS) || ROWS < 1000) throw new Error('pass --rows <at least 1000>')
const ROUNDS = ROWS >= 1_000_000 ? 5 : 9

/** One query of the table: the host's figure against its baseline's. */
export interface QueryFigure extends Comparison {
  readonly title: string
  readonly baseline: string
  /** How many objects the query matches. */
  readonly matches: number
}

/** One kind of write, per row, against a plain `Map` insert of the same objects. */
export interface WriteFigure {
  readonly title: string
  readonly us: number
  readonly mapUs: number
  readonly ratio: number
}

/** What the child prints. */
export interface HostFigures {
  readonly rows: number
  readonly loadSeconds: number
  readonly queries: readonly QueryFigure[]
  readonly writes: readonly WriteFigure[]
}

// --- the data ---------------------------------------------------------------------------------------------

/** An order as the hand-written baseline holds it: the values the host stores (the instant in epoch ms). */
interface Plain {
  id: number
  name: string
  status: string
  cls: number
  qty: number
  total: number
  createdAt: number
  code: string
  note: string | null
}

// One syllable in 15 is 'ab', and 'a' then 'b' across syllables adds a few: 'ab%' matches about 6.7% of the
// names, '%ab%' about 21%.
const SYLLABLES = ['ab', 'ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi', 'ze', 'an', 'bo', 'ce', 'da', 'fu']
const YEAR_START = Date.UTC(2024, 0, 1)
const DAY = 86_400_000

/** Deterministic orders, ids 1 to `count` (the ids a fresh host gives them in this order). */
function orders(count: number): Plain[] {
  let seed = 42
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
  const out: Plain[] = []
  for (let id = 1; id <= count; id++) {
    const syllables = 2 + Math.floor(next() * 3)
    let name = ''
    for (let s = 0; s < syllables; s++) name += SYLLABLES[Math.floor(next() * SYLLABLES.length)]
    if (next() < 0.5) name = name.charAt(0).toUpperCase() + name.slice(1)
    out.push({
      id,
      name,
      status: STATUSES[Math.floor(next() * STATUSES.length)] as string,
      cls: Math.floor(next() * 100),
      qty: Math.floor(next() * 100),
      total: Math.round(next() * 100_000) / 100,
      createdAt: YEAR_START + Math.floor(next() * 366 * DAY),
      code: `C${String(id).padStart(7, '0')}`,
      note: next() < 0.5 ? null : `note ${id}`,
    })
  }
  return out
}

/** The hand-written copy: what the host returns for a row, as a literal. */
const copy = (o: Plain): object => ({
  id: o.id,
  name: o.name,
  status: o.status,
  cls: o.cls,
  qty: o.qty,
  total: o.total,
  createdAt: new Date(o.createdAt),
  code: o.code,
  note: o.note,
})

/** What plugin code writes for an order: the copy without its id (never timed). */
const values = (o: Plain): Record<string, unknown> => {
  const { id: _id, ...written } = copy(o) as Plain
  return written
}

class BenchOrder extends DynamicDomainEntity {
  declare cls: number
}

const plain = orders(ROWS)
const host = testing.createTestHost({ name: 'engine-bench', domains: DOMAINS }).install()
const loadStart = cpuMicros()
for (let i = 0; i < ROWS; i += 10_000)
  DomainHelper.batchCreate('BenchOrder', plain.slice(i, i + 10_000).map(values))
const loadSeconds = (cpuMicros() - loadStart) / 1e6

// --- the queries ------------------------------------------------------------------------------------------

interface Case {
  readonly title: string
  readonly baseline: string
  /** The host's answer: ids, and the total count where the query pages. */
  readonly host: () => { ids: number[]; total: number }
  readonly hand: () => { ids: number[]; total: number }
}

type Row = { readonly id: number }
const idsOf = (rows: readonly unknown[]): number[] => rows.map((row) => (row as Row).id)

/** A hand-written filter returning copies of the matches. */
function handFilter(test: (o: Plain) => boolean): () => { ids: number[]; total: number } {
  return () => {
    const out: object[] = []
    for (let i = 0; i < plain.length; i++) {
      const o = plain[i] as Plain
      if (test(o)) out.push(copy(o))
    }
    return { ids: idsOf(out), total: out.length }
  }
}

const listAll = (query: { listAll(): readonly unknown[] }) => {
  const rows = query.listAll()
  return { ids: idsOf(rows), total: rows.length }
}

const from = YEAR_START + 100 * DAY
const to = from + 6 * DAY
const codes = Array.from({ length: 50 }, (_, i) => `C${String(1 + ((i * 7919) % ROWS)).padStart(7, '0')}`)
const codeSet = new Set(codes)
let codeTurn = 0

const cases: Case[] = [
  {
    title: "iLike('name', 'ab%')",
    baseline: 'hand-written, copies',
    host: () => listAll(SimpleQuery.of('BenchOrder').iLike('name', 'ab%')),
    hand: handFilter((o) => o.name.toLowerCase().startsWith('ab')),
  },
  {
    title: "iLike('name', '%ab%')",
    baseline: 'hand-written, copies',
    host: () => listAll(SimpleQuery.of('BenchOrder').iLike('name', '%ab%')),
    hand: handFilter((o) => o.name.toLowerCase().includes('ab')),
  },
  {
    title: "ge('qty', 10).le('qty', 12)",
    baseline: 'hand-written, copies',
    host: () => listAll(SimpleQuery.of('BenchOrder').ge('qty', 10).le('qty', 12)),
    hand: handFilter((o) => o.qty >= 10 && o.qty <= 12),
  },
  {
    title: "ge('createdAt', d).lt('createdAt', d + 6 days)",
    baseline: 'hand-written, copies',
    host: () =>
      listAll(SimpleQuery.of('BenchOrder').ge('createdAt', new Date(from)).lt('createdAt', new Date(to))),
    hand: handFilter((o) => o.createdAt >= from && o.createdAt < to),
  },
  {
    title: "OR: eq('cls', 7), eq('cls', 42) (of(BenchOrder, false))",
    baseline: 'hand-written, copies',
    host: () => listAll(SimpleQuery.of(BenchOrder, false).eq('cls', 7).eq('cls', 42)),
    hand: handFilter((o) => o.cls === 7 || o.cls === 42),
  },
  {
    title: "count: eq('status', 'OPEN').gt('qty', 50).list(0, 1).totalCount",
    baseline: 'plain loop',
    host: () => {
      const page = SimpleQuery.of('BenchOrder').eq('status', 'OPEN').gt('qty', 50).list(0, 1)
      return { ids: [], total: page.totalCount }
    },
    hand: () => {
      let n = 0
      for (let i = 0; i < plain.length; i++) {
        const o = plain[i] as Plain
        if (o.status === 'OPEN' && o.qty > 50) n++
      }
      return { ids: [], total: n }
    },
  },
  {
    title: "page: eq('status', 'OPEN').gt('qty', 50), by total desc, list(40, 20), with total",
    baseline: 'plain loop',
    host: () => {
      const page = SimpleQuery.of('BenchOrder')
        .eq('status', 'OPEN')
        .gt('qty', 50)
        .list(40, 20, ['total'], false)
      return { ids: idsOf(page), total: page.totalCount }
    },
    hand: () => {
      const matches: Plain[] = []
      for (let i = 0; i < plain.length; i++) {
        const o = plain[i] as Plain
        if (o.status === 'OPEN' && o.qty > 50) matches.push(o)
      }
      matches.sort((x, y) => y.total - x.total || x.id - y.id)
      return { ids: matches.slice(40, 60).map((o) => (copy(o) as Row).id), total: matches.length }
    },
  },
  {
    title: "eq('code', one of all) (for scale)",
    baseline: 'hand-written, copies',
    host: () => listAll(SimpleQuery.of('BenchOrder').eq('code', codes[codeTurn++ % codes.length] as string)),
    hand: () => {
      const wanted = codes[codeTurn++ % codes.length] as string
      return handFilter((o) => o.code === wanted)()
    },
  },
  {
    title: "in('code', 50 values) (for scale)",
    baseline: 'hand-written, copies',
    host: () => listAll(SimpleQuery.of('BenchOrder').in('code', codes)),
    hand: handFilter((o) => codeSet.has(o.code)),
  },
]

// Every query of both sides a few times first, so that each is measured with its code optimised, not on the
// first calls that compile it.
for (let warm = 0; warm < 5; warm++) {
  for (const c of cases) {
    c.hand()
    c.host()
  }
}

const queries: QueryFigure[] = []
for (const c of cases) {
  codeTurn = 0
  const expected = c.hand()
  codeTurn = 0
  const got = c.host()
  if (got.total !== expected.total || got.ids.join(',') !== expected.ids.join(','))
    throw new Error(
      `${c.title}: the host answered ${got.total} (${got.ids.slice(0, 5).join(',')}...), the baseline ${expected.total}`,
    )
  const result = compareCpu(
    () => c.hand().total,
    () => c.host().total,
    { rounds: ROUNDS, sampleUs: ROWS >= 1_000_000 ? 200_000 : 40_000 },
  )
  queries.push({ title: c.title, baseline: c.baseline, matches: expected.total, ...result })
}

// --- the writes -------------------------------------------------------------------------------------------

/** Objects written per round by each kind of write. */
const BATCH = 2000
const source = orders(BATCH)
const writes: { create: number[]; batch: number[]; map: number[] } = { create: [], batch: [], map: [] }
const map = new Map<number, object>()
let mapId = 0

function perRow(run: () => void): number {
  const start = cpuMicros()
  run()
  return (cpuMicros() - start) / BATCH
}

for (let round = 0; round < ROUNDS + 2; round++) {
  // Made before timing: the objects plugin code hands over.
  const built = source.map((o) => DomainHelper.buildDomain('BenchOrder', values(o)))
  const batch = source.map(values)
  const loose = source.map(values)
  const steps = [
    () => writes.create.push(perRow(() => built.forEach((o) => DomainHelper.createDomain(o)))),
    () => writes.batch.push(perRow(() => DomainHelper.batchCreate('BenchOrder', batch))),
    () => writes.map.push(perRow(() => loose.forEach((o) => map.set(++mapId, o)))),
  ]
  if (round % 2 === 1) steps.reverse()
  for (const step of steps) step()
}
// The first two rounds warm up.
for (const list of Object.values(writes)) list.splice(0, 2)
const mapUs = median(writes.map)
const writeFigures: WriteFigure[] = [
  { title: 'DomainHelper.createDomain, per object', us: median(writes.create), mapUs, ratio: 0 },
  { title: 'DomainHelper.batchCreate of 2,000, per object', us: median(writes.batch), mapUs, ratio: 0 },
].map((w) => ({ ...w, ratio: w.us / mapUs }))

host.uninstall()
const figures: HostFigures = { rows: ROWS, loadSeconds, queries, writes: writeFigures }
console.log(JSON.stringify(figures))
