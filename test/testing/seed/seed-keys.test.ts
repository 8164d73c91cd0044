import { afterEach, describe, expect, test, vi } from 'vitest'
import { DomainHelper, SimpleQuery } from '../../../src/index.js'
import { SeedDataException, createTestHost } from '../../../src/testing/index.js'
import { Table } from '../../../src/testing/store/memory/index.js'
import { KEY_BATCH } from '../../../src/testing/seed/seed-keys.js'
import { SHOP, installHost } from '../hosts.js'

afterEach(() => {
  vi.restoreAllMocks()
})

/** Counts the selects the in-memory tables run from now on. */
function countSelects(): () => number {
  const select = vi.spyOn(Table.prototype, 'select')
  return () => select.mock.calls.length
}

const clients = (count: number, vip = 'T'): string =>
  `email(*),name,vip\n${Array.from({ length: count }, (_, i) => `c${i}@x,Client ${i},${vip}`).join('\n')}\n`

describe('the keys of a seed import', () => {
  test('are read a batch of records at a time: one query per batch, not one per record', () => {
    const host = installHost()
    const records = 2 * KEY_BATCH + 500
    let selects = countSelects()
    expect(host.importSeedCsv('Client', clients(records)).created).toBe(records)
    // Three batches; a keyed select per record would be 2,500.
    expect(selects()).toBe(3)
    vi.restoreAllMocks()
    selects = countSelects()
    expect(host.importSeedCsv('Client', clients(records)).unchanged).toBe(records)
    expect(selects()).toBe(3)
    vi.restoreAllMocks()
    selects = countSelects()
    expect(host.importSeedCsv('Client', clients(records, 'F')).updated).toBe(records)
    expect(selects()).toBe(3)
  })

  test('a key twice in a file: the later record finds the object the earlier one wrote, in a batch or the next', () => {
    const host = installHost()
    const records = Array.from({ length: KEY_BATCH + 200 }, (_, i) => `c${i}@x,Client ${i},T`)
    // Line 2 creates Ann, line 4 updates her, line 5 finds her as line 4 left her; line 1,102 is in the next batch.
    records.splice(1, 0, 'ann@x,Ann,F', 'ann@x,Ann,F')
    records.splice(0, 0, 'ann@x,Ann,T')
    records.splice(1100, 0, 'ann@x,Anne,F')
    const result = host.importSeedCsv('Client', `email(*),name,vip\n${records.join('\n')}\n`)
    expect(result).toEqual({ created: KEY_BATCH + 201, updated: 2, unchanged: 1 })
    expect(SimpleQuery.of('Client').eq('email', 'ann@x').listAll()).toMatchObject([
      { name: 'Anne', vip: false },
    ])
  })

  test('a key two objects hold is a problem naming both, and nothing is imported', () => {
    const host = installHost()
    for (const email of ['1@x', '2@x'])
      DomainHelper.createDomain(DomainHelper.buildDomain('Client', { name: 'Ann', email }))
    const [first, second] = SimpleQuery.getAll('Client')
    let error: unknown
    try {
      host.importSeedCsv('Client', 'name(*),vip\nBob,T\nAnn,T\n')
    } catch (caught) {
      error = caught
    }
    if (!SeedDataException.is(error)) throw new Error('expected a SeedDataException')
    expect(error.problems).toEqual([
      {
        line: 3,
        column: 0,
        message: `the key matches 2 Client objects (ids ${first?.id}, ${second?.id}); make the key columns unique`,
      },
    ])
    expect(SimpleQuery.count('Client')).toBe(2)
  })

  test('a BIG_DECIMAL key finds its object by number, whatever the scale', () => {
    const host = installHost()
    host.importSeedCsv('Purchase', 'total(*),number,status\n25.0,P-1,OPEN\n')
    const result = host.importSeedCsv(
      'Purchase',
      'total(*),number,status\n25,P-1,OPEN\n25.00,P-2,OPEN\n7,P-3,OPEN\n',
    )
    expect(result).toEqual({ created: 1, updated: 2, unchanged: 0 })
    expect(SimpleQuery.getAll('Purchase').map((p) => [p['total'], p['number']])).toEqual([
      ['25.00', 'P-2'],
      ['7', 'P-3'],
    ])
  })

  test('a key of two columns finds its own combination of values only', () => {
    const host = installHost()
    host.importSeedCsv('Client', 'name(*),email(*)\nAnn,a\nBob,b\n')
    // One query reads name in (Ann, Bob) and email in (a, b): Ann/b and Bob/a are not the key of any object.
    const result = host.importSeedCsv('Client', 'name(*),email(*),vip\nAnn,b,T\nBob,a,T\nAnn,a,\n')
    expect(result).toEqual({ created: 2, updated: 0, unchanged: 1 })
    expect(SimpleQuery.count('Client')).toBe(4)
  })

  test('a reference key is looked up record by record, as before', () => {
    const host = installHost()
    host.importSeedCsv('Client', 'name(*)\nAnn\nBob\n')
    const file = 'customer.name(*),number,status\nAnn,P-1,OPEN\nBob,P-2,OPEN\n'
    expect(host.importSeedCsv('Purchase', file).created).toBe(2)
    const selects = countSelects()
    expect(host.importSeedCsv('Purchase', file)).toEqual({ created: 0, updated: 0, unchanged: 2 })
    // Per record: its reference, then its key.
    expect(selects()).toBe(4)
  })

  test('seed rows with other key columns than the batch’s are looked up alone', () => {
    using host = createTestHost({
      domains: SHOP,
      seed: {
        Client: [
          { 'name(*)': 'Ann', email: 'a' },
          { 'email(*)': 'b', name: 'Bob' },
          { 'name(*)': 'Ann', vip: true },
          { 'email(*)': 'b', vip: false },
        ],
      },
    }).install()
    expect(host.installed).toBe(true)
    expect(SimpleQuery.getAll('Client').map((c) => [c['name'], c['email'], c['vip']])).toEqual([
      ['Ann', 'a', true],
      ['Bob', 'b', false],
    ])
  })

  test('line by line: a record whose key cell is a problem fails, the rest of its batch imports', () => {
    const host = installHost()
    const result = host.importSeedCsv(
      'Purchase',
      'quantity(*),number,status\n1,P-1,OPEN\nx,P-2,OPEN\n1,P-3,OPEN\n',
      {
        lineByLine: true,
      },
    )
    expect(result).toMatchObject({ created: 1, updated: 1, failed: 1, failedLines: [{ line: 3, column: 1 }] })
  })
})

describe('a large seed file, read a chunk at a time', () => {
  test('a syntax error at its end is the only problem, and nothing is imported, line by line too', () => {
    const host = installHost()
    const text = `${clients(2 * KEY_BATCH)}"unclosed,x,T\n`
    let error: unknown
    try {
      host.importSeedCsv('Client', text, { lineByLine: true })
    } catch (caught) {
      error = caught
    }
    if (!SeedDataException.is(error)) throw new Error('expected a SeedDataException')
    expect(error.problems).toEqual([
      { line: 2 * KEY_BATCH + 2, column: 1, message: expect.stringContaining('not closed') },
    ])
    expect(SimpleQuery.count('Client')).toBe(0)
  })

  test('a record with the wrong number of fields in a later chunk is named by its line, in file order', () => {
    const host = installHost()
    const records = Array.from({ length: 2 * KEY_BATCH }, (_, i) => `c${i}@x,Client ${i},T`)
    records[1500] = 'short@x,Short'
    records[1700] = 'bad@x,Bad,maybe'
    const result = host.importSeedCsv('Client', `email(*),name,vip\n${records.join('\n')}\n`, {
      lineByLine: true,
    })
    expect(result.created).toBe(2 * KEY_BATCH - 2)
    expect(result.failedLines.map((p) => [p.line, p.column])).toEqual([
      [1502, 3],
      [1702, 3],
    ])
  })
})
