/**
 * The reference host on PGlite against the in-memory store, both measured in this process:
 * (a) a host per test: `createTestHost`, `install`, a small test (10 creates, 1 update, 1 count, 1 page) and
 *     `uninstall`, after the first host on the store (which creates the schema), as a ratio to the same test
 *     on the in-memory store;
 * (b) a host that makes one call (create, install, `count`, uninstall): what isolation costs, the transaction
 *     begun and rolled back included; target: a few milliseconds (≤ 5 ms);
 * (c) single calls on 1,000 rows: `getById`, and a page of 20 by an `iLike` condition ordered by a decimal field,
 *     with its `totalCount`.
 * Also printed: how long `pgliteStore()` takes to start (from the snapshot cached in the temporary directory
 * after the first run) and the first host on it.
 *
 * Run with `npm run bench`, or alone: `npx tsx bench/pg-store.bench.ts`. Figures vary by machine; the ratios
 * are what to compare.
 */
import { DomainHelper, SimpleQuery } from '../src/index.js'
import { createTestHost, memoryStore, pgliteStore, type Store } from '../src/testing/index.js'
import { median } from './median.js'
import { printTable } from './report.js'

const TARGET_HOST_MS = 5
const ROUNDS = 9
const HOSTS_PER_ROUND = 20
const ROWS = 1000
const CALLS_PER_ROUND = 200

// Names of their own: the tests' DomainRegistry augmentations type Customer and Order otherwise.
const DOMAINS = {
  BenchCustomer: { fields: { name: { type: 'STRING', required: true }, vip: 'BOOLEAN' } },
  BenchOrder: {
    fields: {
      number: { type: 'INTEGER', required: true },
      customer: { type: 'DOMAIN_OBJECT', domain: 'BenchCustomer' },
      status: 'STRING',
      total: 'BIG_DECIMAL',
    },
  },
} as const

/** One test of a suite, on a host of its own. */
function oneTest(store: Store, index: number): void {
  const host = createTestHost({ name: `test-${index}`, domains: DOMAINS, store }).install()
  try {
    const customer = DomainHelper.buildDomain('BenchCustomer', { name: 'Ann', vip: true })
    DomainHelper.createDomain(customer) // gives it its id
    for (let n = 1; n < 10; n++)
      DomainHelper.createDomain(
        DomainHelper.buildDomain('BenchOrder', { number: n, customer, status: 'OPEN', total: '9.90' }),
      )
    DomainHelper.updateDomain({ ...customer, vip: false })
    const open = SimpleQuery.of('BenchOrder').eq('status', 'OPEN')
    if (SimpleQuery.count('BenchOrder') !== 9 || open.list(0, 5, ['number']).totalCount !== 9)
      throw new Error('the test did not see its own writes')
  } finally {
    host.uninstall()
  }
}

/** A host that makes one call: what isolation costs (the store begins its transaction at the first call). */
function oneCallHost(store: Store, index: number): void {
  const host = createTestHost({ name: `one-call-${index}`, domains: DOMAINS, store }).install()
  try {
    if (SimpleQuery.count('BenchOrder') !== 0) throw new Error('a host saw another host’s orders')
  } finally {
    host.uninstall()
  }
}

/** The median time of one `run`, over {@link ROUNDS} rounds of `perRound` runs. */
function perRun(perRound: number, run: (i: number) => void): number {
  const times: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now()
    for (let i = 0; i < perRound; i++) run(i)
    times.push((performance.now() - start) / perRound)
  }
  return median(times)
}

let started = performance.now()
const pglite = await pgliteStore()
const startMs = performance.now() - started
const memory = memoryStore()
try {
  started = performance.now()
  oneTest(pglite, -1)
  const firstHostMs = performance.now() - started
  // Warm-up on both, so that neither pays for compiling the code.
  for (let i = 0; i < 20; i++) {
    oneTest(memory, i)
    oneTest(pglite, i)
  }

  // Rounds interleaved store by store, so that load from other processes falls on both alike.
  const test = { memory: [] as number[], pglite: [] as number[] }
  const oneCall = { memory: [] as number[], pglite: [] as number[] }
  for (let round = 0; round < ROUNDS; round++) {
    test.memory.push(perHost(memory, oneTest))
    test.pglite.push(perHost(pglite, oneTest))
    oneCall.memory.push(perHost(memory, oneCallHost))
    oneCall.pglite.push(perHost(pglite, oneCallHost))
  }

  const calls = { memory: callCosts(memory), pglite: callCosts(pglite) }

  const ms = (value: number): string => `${value.toFixed(value < 1 ? 3 : 2)} ms`
  const ratio = (a: number, b: number): string => `${(a / b).toFixed(1)}x`
  const hostTest = { memory: median(test.memory), pglite: median(test.pglite) }
  const hostOneCall = { memory: median(oneCall.memory), pglite: median(oneCall.pglite) }
  printTable('PGlite store against the in-memory store (medians; ratios against memory in the same run)', [
    ['measure', 'PGlite', 'in-memory', 'ratio', 'target'],
    [
      'a host per test: create, install, 13 calls, uninstall',
      ms(hostTest.pglite),
      ms(hostTest.memory),
      ratio(hostTest.pglite, hostTest.memory),
      '',
    ],
    [
      'a host with one call: create, install, count, uninstall',
      ms(hostOneCall.pglite),
      ms(hostOneCall.memory),
      ratio(hostOneCall.pglite, hostOneCall.memory),
      `≤ ${TARGET_HOST_MS} ms: ${hostOneCall.pglite <= TARGET_HOST_MS ? 'met' : 'MISSED'}`,
    ],
    [
      `getById, ${ROWS} rows`,
      ms(calls.pglite.get),
      ms(calls.memory.get),
      ratio(calls.pglite.get, calls.memory.get),
      '',
    ],
    [
      `page of 20 by iLike, ordered, with totalCount, ${ROWS} rows`,
      ms(calls.pglite.page),
      ms(calls.memory.page),
      ratio(calls.pglite.page, calls.memory.page),
      '',
    ],
    ['pgliteStore() start, from the cached snapshot', ms(startMs), '', '', ''],
    ['the first host on the store (creates the schema)', ms(firstHostMs), '', '', ''],
  ])
} finally {
  await pglite.close()
}

/** The time of one host on `store` running `run`, over {@link HOSTS_PER_ROUND} of them. */
function perHost(store: Store, run: (store: Store, index: number) => void): number {
  const start = performance.now()
  for (let i = 0; i < HOSTS_PER_ROUND; i++) run(store, i)
  return (performance.now() - start) / HOSTS_PER_ROUND
}

/** The median cost of one `getById` and of one page, on a host of `store` holding {@link ROWS} orders. */
function callCosts(store: Store): { get: number; page: number } {
  const host = createTestHost({ name: 'calls', domains: DOMAINS, store }).install()
  try {
    const customer = DomainHelper.buildDomain('BenchCustomer', { name: 'Ann' })
    DomainHelper.createDomain(customer)
    const orders = DomainHelper.batchCreate(
      'BenchOrder',
      Array.from({ length: ROWS }, (_, n) =>
        DomainHelper.buildDomain('BenchOrder', {
          number: n,
          customer,
          status: n % 3 === 0 ? 'Open' : 'shipped',
          total: `${n}.50`,
        }),
      ),
    )
    const ids = orders.map((o) => o.id)
    const get = perRun(CALLS_PER_ROUND, (i) => {
      if (SimpleQuery.getById('BenchOrder', ids[i % ids.length] as number) === null)
        throw new Error('no order')
    })
    const page = perRun(CALLS_PER_ROUND / 10, (i) => {
      const found = SimpleQuery.of('BenchOrder')
        .iLike('status', 'open')
        .list(i % 10, 20, ['total'])
      if (found.totalCount !== Math.ceil(ROWS / 3)) throw new Error(`the page counted ${found.totalCount}`)
    })
    return { get, page }
  } finally {
    host.uninstall()
  }
}
