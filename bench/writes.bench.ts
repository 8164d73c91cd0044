/**
 * Writes per row on the reference host against better-sqlite3 doing the same inserts, in one process, rounds
 * interleaved (issue 26, item 2): `DomainHelper.createDomain` of 2,000 built objects inside one
 * `QueryHelper.withTransaction`, and `DomainHelper.batchCreate` of the same 2,000 values, each against one
 * better-sqlite3 transaction running a prepared `INSERT` per row into an in-memory table of the same columns.
 * CPU time per row, medians; target ≤ 2x.
 *
 * `batchCreate` runs twice, on the two kinds of object plugin code passes: spread copies (`{ ...o }`) and object
 * literals. Both get their id and domain mark from the host; on Node 20's V8 a spread copy's hidden class keeps
 * no transition, so each property added to a copy makes a hidden class of its own (measured: about 0.5 µs and
 * 900 bytes a copy, against 0.15 µs for a literal), which the copies' figure carries and the literals' does not.
 *
 * better-sqlite3 is not a dependency of the package (it builds a native addon). The bench loads it from the
 * project's node_modules, or from the folder `BETTER_SQLITE3_DIR` names (one with node_modules/better-sqlite3,
 * such as a scratch folder after `npm install better-sqlite3`); without it, it says so and measures nothing.
 *
 * Run with `npm run bench writes`, or alone: `npx tsx bench/writes.bench.ts`.
 */
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { DomainHelper, QueryHelper } from '../src/index.js'
import { createTestHost } from '../src/testing/index.js'
import { cpuMicros } from './cpu-compare.js'
import { median } from './median.js'
import { printTable } from './report.js'
import { DOMAINS, STATUSES } from './bench-orders.js'

const TARGET = 2
const BATCH = 2000
const ROUNDS = 15

interface Database {
  exec(sql: string): void
  prepare(sql: string): { run(...values: unknown[]): unknown }
  transaction<A extends unknown[]>(run: (...args: A) => void): (...args: A) => void
  close(): void
}
type DatabaseClass = new (file: string) => Database

function loadSqlite(): DatabaseClass | undefined {
  const places = [import.meta.url]
  const dir = process.env.BETTER_SQLITE3_DIR
  if (dir !== undefined) places.unshift(join(dir, 'package.json'))
  for (const place of places) {
    try {
      return createRequire(place)('better-sqlite3') as DatabaseClass
    } catch {
      // Not there: the next place.
    }
  }
  return undefined
}

const Sqlite = loadSqlite()
if (Sqlite === undefined) {
  console.log(
    'writes.bench: better-sqlite3 is not installed, so there is nothing to compare against. Install it in a ' +
      'scratch folder (npm install better-sqlite3) and run again with BETTER_SQLITE3_DIR=<that folder>.',
  )
  process.exit(0)
}

/** What plugin code writes for an order, row `i` of every round (made before timing). */
function order(i: number): Record<string, unknown> {
  return {
    name: `order ${i}`,
    status: STATUSES[i % 4],
    cls: i % 100,
    qty: (i * 7) % 100,
    total: (i % 10_000) / 100,
    createdAt: new Date(Date.UTC(2024, 0, 1) + (i % 366) * 86_400_000),
    code: `C${String(i).padStart(7, '0')}`,
    note: i % 2 === 0 ? null : `note ${i}`,
  }
}

const host = createTestHost({ name: 'writes-bench', domains: DOMAINS }).install()
const db = new Sqlite(':memory:')
db.exec(
  'CREATE TABLE bench_order (id INTEGER PRIMARY KEY, name TEXT, status TEXT, cls INTEGER, qty INTEGER, ' +
    'total REAL, created_at INTEGER, code TEXT, note TEXT)',
)
const insert = db.prepare(
  'INSERT INTO bench_order (name, status, cls, qty, total, created_at, code, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
)
const insertAll = db.transaction((rows: readonly Record<string, unknown>[]) => {
  for (const o of rows)
    insert.run(o.name, o.status, o.cls, o.qty, o.total, (o.createdAt as Date).getTime(), o.code, o.note)
})

function perRow(run: () => void): number {
  const start = cpuMicros()
  run()
  return (cpuMicros() - start) / BATCH
}

const times: { create: number[]; copies: number[]; literals: number[]; sqlite: number[] } = {
  create: [],
  copies: [],
  literals: [],
  sqlite: [],
}
let next = 0
for (let round = 0; round < ROUNDS + 2; round++) {
  const source = Array.from({ length: BATCH }, () => order(next++))
  const built = source.map((o) => DomainHelper.buildDomain('BenchOrder', o))
  const copies = source.map((o) => ({ ...o }))
  const literals = Array.from({ length: BATCH }, (_, k) => order(next - BATCH + k))
  const steps = [
    () =>
      times.create.push(
        perRow(() => QueryHelper.withTransaction(() => built.forEach((o) => DomainHelper.createDomain(o)))),
      ),
    () => times.copies.push(perRow(() => DomainHelper.batchCreate('BenchOrder', copies))),
    () => times.literals.push(perRow(() => DomainHelper.batchCreate('BenchOrder', literals))),
    () => times.sqlite.push(perRow(() => insertAll(source))),
  ]
  if (round % 2 === 1) steps.reverse()
  for (const step of steps) step()
}
// The first two rounds warm up.
for (const list of Object.values(times)) list.splice(0, 2)
host.uninstall()
db.close()

const sqliteUs = median(times.sqlite)
const rows = [
  ['`createDomain` in a transaction', median(times.create)],
  [`\`batchCreate\` of ${BATCH.toLocaleString('en')} spread copies`, median(times.copies)],
  [`\`batchCreate\` of ${BATCH.toLocaleString('en')} literals`, median(times.literals)],
] as const
printTable(`Writes per row against better-sqlite3 (CPU time, medians of ${ROUNDS} interleaved rounds)`, [
  ['write', 'host', 'better-sqlite3', 'ratio', 'target'],
  ...rows.map(([title, us]) => [
    title,
    `${us.toFixed(2)} µs`,
    `${sqliteUs.toFixed(2)} µs`,
    `**${(us / sqliteUs).toFixed(2)}x**`,
    `≤ ${TARGET}x: ${us / sqliteUs <= TARGET ? 'met' : 'ABOVE TARGET'}`,
  ]),
])
for (const [title, us] of rows)
  if (us / sqliteUs > TARGET)
    console.log(`${title}: ${(us / sqliteUs).toFixed(2)}x, above the target of ${TARGET}x`)
