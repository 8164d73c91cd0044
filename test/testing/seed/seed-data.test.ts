import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { SimpleQuery } from '../../../src/index.js'
import { SeedDataException, createTestHost } from '../../../src/testing/index.js'
import { TransactionOverlay } from '../../../src/testing/store/memory/index.js'
import { SHOP, installHost } from '../hosts.js'

const directories: string[] = []
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true })
})

const names = (domain: string): unknown[] => SimpleQuery.getAll(domain).map((o) => o['name'])

function seedError(fn: () => unknown): SeedDataException {
  try {
    fn()
  } catch (error) {
    if (SeedDataException.is(error)) return error
    throw error
  }
  throw new Error('expected a SeedDataException')
}

describe('seed data CSV', () => {
  test('imports one object per record, with T/true and F/false booleans', () => {
    const host = installHost()
    const result = host.importSeedCsv('Client', 'name,vip\nAnn,T\nBob,false\nCy,true\nDee,F\n')
    expect(result).toEqual({ created: 4, updated: 0, unchanged: 0 })
    expect(SimpleQuery.getAll('Client').map((c) => [c['name'], c['vip']])).toEqual([
      ['Ann', true],
      ['Bob', false],
      ['Cy', true],
      ['Dee', false],
    ])
  })

  test('a field(*) column is the key: a record whose key exists updates that object', () => {
    const host = installHost()
    host.importSeedCsv('Client', 'name(*),email\nAnn,old@example.com\n')
    const result = host.importSeedCsv('Client', 'name(*),email\nAnn,new@example.com\nBob,bob@example.com\n')
    expect(result).toEqual({ created: 1, updated: 1, unchanged: 0 })
    expect(SimpleQuery.getAll('Client').map((c) => [c['name'], c['email']])).toEqual([
      ['Ann', 'new@example.com'],
      ['Bob', 'bob@example.com'],
    ])
  })

  test('importing the same file twice changes nothing the second time', () => {
    const host = installHost()
    const csv = 'name(*),vip\nAnn,T\nBob,F\n'
    host.importSeedCsv('Client', csv)
    expect(host.importSeedCsv('Client', csv)).toEqual({ created: 0, updated: 0, unchanged: 2 })
    expect(SimpleQuery.count('Client')).toBe(2)
  })

  test('a ref.field column resolves the reference by that field of the referenced domain', () => {
    const host = installHost()
    host.importSeedCsv('Client', 'name(*)\nAnn\nBob\n')
    host.importSeedCsv('Purchase', 'number(*),status,customer.name\nP-1,OPEN,Bob\nP-2,OPEN,\n')
    const purchases = SimpleQuery.getAll('Purchase')
    expect(
      purchases.map((p) => [p['number'], (p['customer'] as { name: string } | null)?.name ?? null]),
    ).toEqual([
      ['P-1', 'Bob'],
      ['P-2', null],
    ])
  })

  test('lines starting with ; are comments and blank lines are skipped', () => {
    const host = installHost()
    host.importSeedCsv('Client', '; clients of the demo\nname\n\nAnn\n; Bob left\nCy\n')
    expect(names('Client')).toEqual(['Ann', 'Cy'])
  })

  test('quoted fields follow RFC 4180: commas, quotes and line breaks inside, CRLF line ends', () => {
    const host = installHost()
    host.importSeedCsv('Client', 'name,email\r\n"Smith, Ann","say ""hi""\r\nthere"\r\nx,""\r\n')
    expect(SimpleQuery.getAll('Client').map((c) => [c['name'], c['email']])).toEqual([
      ['Smith, Ann', 'say "hi"\r\nthere'],
      ['x', ''],
    ])
  })

  test('a file path is read as UTF-8', () => {
    const directory = mkdtempSync(join(tmpdir(), 'seed-'))
    directories.push(directory)
    const path = join(directory, 'Client.csv')
    writeFileSync(path, '\uFEFFname\nZoë\n')
    const host = installHost()
    host.importSeedCsv('Client', { path })
    expect(names('Client')).toEqual(['Zoë'])
  })

  test('imports into the tenant it is asked to', () => {
    const host = installHost({ tenants: ['acme', 'globex'] })
    host.importSeedCsv('Client', 'name\nAnn\n', { tenant: 'globex' })
    expect(SimpleQuery.count('Client')).toBe(0)
    expect(host.runAs({ tenant: 'globex' }, () => SimpleQuery.count('Client'))).toBe(1)
  })

  test('an unknown tenant names importSeedCsv and the known tenants, and nothing is imported', () => {
    const host = installHost({ tenants: ['acme', 'globex'] })
    expect(() => host.importSeedCsv('Client', 'name\nAnn\n', { tenant: 'initech' })).toThrow(
      /^host\.importSeedCsv\(domain, csv, \{ tenant \}\): unknown tenant "initech"; the host's tenants are acme, globex/,
    )
    expect(SimpleQuery.count('Client')).toBe(0)
  })

  test('the counts tell created, updated and unchanged records apart', () => {
    const host = installHost()
    host.importSeedCsv('Client', 'name(*),vip\nAnn,T\nBob,F\nCid,F\n')
    expect(host.importSeedCsv('Client', 'name(*),vip\nAnn,T\nBob,T\nDee,F\n')).toEqual({
      created: 1,
      updated: 1,
      unchanged: 1,
    })
  })

  test('with a key of two columns, each lookup reads the uncommitted rows of its most selective column only', () => {
    const host = installHost()
    // Counts the uncommitted rows the lookups read.
    const collect = TransactionOverlay.prototype.collect
    let read = 0
    vi.spyOn(TransactionOverlay.prototype, 'collect').mockImplementation(function (
      this: TransactionOverlay,
      field,
      keys,
      newIndex,
      out,
    ) {
      const before = out.length
      collect.call(this, field, keys, newIndex, out)
      read += out.length - before
    })
    // The first key column has two values, the second one per record: a lookup by the first would read half
    // of the rows imported so far, each time.
    const records = Array.from({ length: 2000 }, (_, i) => `${i % 2 ? 'north' : 'south'},C${i}`).join('\n')
    expect(host.importSeedCsv('Client', `name(*),email(*)\n${records}\n`).created).toBe(2000)
    vi.restoreAllMocks()
    // At most one row per lookup (a record whose key exists reads that one row); by the first column, ~1,000,000.
    expect(read).toBeLessThanOrEqual(2000)
  })

  test('key lookups inside the import are indexed: the uncommitted rows are read once, not once per record', () => {
    const host = installHost()
    const rows = vi.spyOn(TransactionOverlay.prototype, 'rows')
    const records = Array.from({ length: 2000 }, (_, i) => `C${i},Client ${i}`).join('\n')
    const result = host.importSeedCsv('Client', `email(*),name\n${records}\n`)
    expect(result.created).toBe(2000)
    // Once to build the index of the key field over the uncommitted rows; a scan per record would be 2,000.
    expect(rows.mock.calls.length).toBeLessThanOrEqual(1)
    rows.mockRestore()
  })
})

describe('a bad seed file', () => {
  test('names the line and column of a bad value, and nothing is imported', () => {
    const host = installHost()
    const error = seedError(() => host.importSeedCsv('Client', 'name,vip\nAnn,T\nBob,yes\n'))
    expect([error.line, error.column]).toEqual([3, 2])
    expect(error.message).toContain(
      'line 3, column 2: vip: the string "yes" is not a boolean; write Y, T or true, N, F or false',
    )
    expect(error.message).toContain('nothing was imported')
    expect(SimpleQuery.count('Client')).toBe(0)
  })

  test('lists every problem of the file', () => {
    const host = installHost()
    const error = seedError(() =>
      host.importSeedCsv('Purchase', 'number,status,quantity,customer.name\nP-1,,x,Nobody\nP-2,OPEN,2,\n'),
    )
    expect(error.problems.map((p) => [p.line, p.column])).toEqual([
      [2, 3],
      [2, 4],
    ])
    expect(SimpleQuery.count('Purchase')).toBe(0)
  })

  test('a key value the field cannot hold is named by its line and column, and nothing is imported', () => {
    const host = installHost()
    const error = seedError(() => host.importSeedCsv('Client', 'name(*)\nAnn\n"B\u0000b"\n'))
    expect([error.line, error.column]).toEqual([3, 1])
    expect(error.message).toContain('NUL character')
    expect(SimpleQuery.count('Client')).toBe(0)
  })

  test('a missing required value is named by its column', () => {
    const host = installHost()
    const error = seedError(() => host.importSeedCsv('Purchase', 'number,status\nP-1,\n'))
    expect(error.problems).toEqual([{ line: 2, column: 2, message: expect.stringContaining('status') }])
  })

  test('an unclosed quote names where the field starts', () => {
    const host = installHost()
    const error = seedError(() => host.importSeedCsv('Client', 'name,email\nAnn,"open\n'))
    expect([error.line, error.column]).toEqual([2, 2])
    expect(error.message).toContain('not closed')
  })

  test('a record with the wrong number of fields is named', () => {
    const host = installHost()
    const error = seedError(() => host.importSeedCsv('Client', 'name,email\nAnn,a@x,extra\n'))
    expect([error.line, error.column]).toEqual([2, 3])
  })

  test('an unknown column, an id column and a bare reference column are header problems', () => {
    const host = installHost()
    const error = seedError(() => host.importSeedCsv('Purchase', 'id,number,colour,customer\n1,P-1,red,1\n'))
    expect(error.problems.map((p) => [p.line, p.column])).toEqual([
      [1, 1],
      [1, 3],
      [1, 4],
    ])
    expect(error.problems[2]?.message).toContain('customer.<field>')
  })

  test('a reference that matches no object, or several, is named', () => {
    const host = installHost()
    host.importSeedCsv('Client', 'name,email\nAnn,a\nAnn,b\n')
    const error = seedError(() =>
      host.importSeedCsv('Purchase', 'number,status,customer.name\nP-1,OPEN,Bob\nP-2,OPEN,Ann\n'),
    )
    expect(error.problems.map((p) => p.message)).toEqual([
      expect.stringContaining('no Client has name the string "Bob"'),
      expect.stringContaining('2 Client objects'),
    ])
  })

  test('a failure late in the file leaves the earlier records unimported, inside a transaction too', async () => {
    const host = installHost()
    const { QueryHelper } = await import('../../../src/index.js')
    QueryHelper.withTransaction(() => {
      expect(() => host.importSeedCsv('Client', 'name,vip\nAnn,T\nBob,T\nCy,maybe\n')).toThrow(
        SeedDataException,
      )
      expect(SimpleQuery.count('Client')).toBe(0)
    })
    expect(SimpleQuery.count('Client')).toBe(0)
  })
})

describe('options.seed', () => {
  test('seeds rows keyed like CSV headers, references by ref.field, domain by domain', () => {
    using host = createTestHost({
      domains: SHOP,
      seed: {
        Client: [
          { 'name(*)': 'Ann', vip: true },
          { 'name(*)': 'Bob', vip: 'F' },
        ],
        Purchase: [{ 'number(*)': 'P-1', status: 'OPEN', total: '12.50', 'customer.name': 'Bob' }],
      },
    }).install()
    expect(host.installed).toBe(true)
    expect(SimpleQuery.getAll('Client').map((c) => [c['name'], c['vip']])).toEqual([
      ['Ann', true],
      ['Bob', false],
    ])
    expect(SimpleQuery.of('Purchase').get()).toMatchObject({ number: 'P-1', customer: { name: 'Bob' } })
  })

  test('a bad seed row is a SeedDataException naming the row and key', () => {
    const error = seedError(() =>
      createTestHost({ domains: SHOP, seed: { Client: [{ name: 'Ann' }, { name: 'Bob', vip: 'yes' }] } }),
    )
    expect(error.source).toBe('options.seed.Client')
    expect([error.line, error.column]).toEqual([2, 2])
  })
})
