import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { SimpleQuery } from '../../../src/index.js'
import { SeedDataException, createTestHost } from '../../../src/testing/index.js'
import { installHost } from '../hosts.js'

const directories: string[] = []
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true })
})

function folder(files: Record<string, string>): string {
  const directory = mkdtempSync(join(tmpdir(), 'seed-cells-'))
  directories.push(directory)
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(directory, name, '..'), { recursive: true })
    writeFileSync(join(directory, name), text)
  }
  return directory
}

function seedError(fn: () => unknown): SeedDataException {
  try {
    fn()
  } catch (error) {
    if (SeedDataException.is(error)) return error
    throw error
  }
  throw new Error('expected a SeedDataException')
}

const rows = (domain: string, ...fields: string[]): unknown[][] =>
  SimpleQuery.getAll(domain).map((o) => fields.map((f) => o[f]))

describe('seed cells beyond RFC 4180', () => {
  test('booleans are Y/N/T/F/true/false in any case', () => {
    installHost().importSeedCsv('Client', 'name,vip\nA,Y\nB,n\nC,t\nD,F\nE,TRUE\nF,false\n')
    expect(rows('Client', 'vip').flat()).toEqual([true, false, true, false, true, false])
  })

  test('the cell NULL is null in every column, a reference column included', () => {
    const host = installHost()
    host.importSeedCsv('Client', 'name(*),vip,email\nAnn,Y,ann@example.com\n')
    host.importSeedCsv('Client', 'name(*),vip,email\nAnn,NULL,NULL\n')
    expect(rows('Client', 'vip', 'email')).toEqual([[null, null]])
    host.importSeedCsv('Purchase', 'number(*),status,customer.name,quantity\nA-1,OPEN,NULL,NULL\n')
    expect(rows('Purchase', 'customer', 'quantity')).toEqual([[null, null]])
  })

  test('a quoted "NULL" stays the text NULL', () => {
    installHost().importSeedCsv('Client', 'name,email\nAnn,"NULL"\n')
    expect(rows('Client', 'email')).toEqual([['NULL']])
  })

  test('an empty cell is no value: a create takes the default, an update keeps the value', () => {
    using host = createTestHost({
      domains: {
        Flag: { fields: { name: 'STRING', on: { type: 'BOOLEAN', default: true }, note: 'STRING' } },
      },
    }).install()
    host.importSeedCsv('Flag', 'name(*),on,note\nx,,kept\n')
    expect(rows('Flag', 'on', 'note')).toEqual([[true, 'kept']])
    host.importSeedCsv('Flag', 'name(*),on,note\nx,N,\n')
    expect(rows('Flag', 'on', 'note')).toEqual([[false, 'kept']])
  })

  test('$ROOT_ORG$ is the tenant name unless rootOrganization says otherwise', () => {
    const host = installHost({ tenants: ['acme'] })
    host.importSeedCsv('Client', 'name\n$ROOT_ORG$\n')
    host.importSeedCsv('Client', 'name\n$ROOT_ORG$\n', { rootOrganization: 'Acme Ltd' })
    expect(rows('Client', 'name').flat()).toEqual(['acme', 'Acme Ltd'])
  })

  test('a field(F) column takes the text of the file its cell names, relative to the CSV file folder', () => {
    const dir = folder({
      'notes/ann.txt': 'Prefers email.\n',
      'Client.csv': 'name,email(F)\nAnn,notes/ann.txt\n',
    })
    installHost().importSeedCsv('Client', { path: join(dir, 'Client.csv') })
    expect(rows('Client', 'email')).toEqual([['Prefers email.\n']])
  })

  test('a field(F) path is looked up in fileFolders in order', () => {
    const root = folder({
      'shared/a.txt': 'from the root',
      't1/Client.csv': 'name,email(F)\nAnn,shared/a.txt\n',
    })
    installHost().importSeedCsv(
      'Client',
      { path: join(root, 't1', 'Client.csv') },
      { fileFolders: [join(root, 't1'), root] },
    )
    expect(rows('Client', 'email')).toEqual([['from the root']])
  })

  test('a field(F) column on a FILE field stores the file and holds its StorageFieldValue', () => {
    const dir = folder({
      'invoices/a-1.pdf': '%PDF-1.4 fake',
      'Purchase.csv': 'number,status,invoice(F)\nA-1,OPEN,invoices/a-1.pdf\n',
    })
    const host = installHost()
    host.importSeedCsv('Purchase', { path: join(dir, 'Purchase.csv') })
    const [purchase] = SimpleQuery.getAll('Purchase')
    const invoice = purchase?.['invoice'] as { fileName: string; mimeType: string; key: string }
    expect([invoice.fileName, invoice.mimeType]).toEqual(['a-1.pdf', 'application/pdf'])
    expect(new TextDecoder().decode(host.readStoredFile(invoice.key))).toBe('%PDF-1.4 fake')
  })

  test("a missing field(F) file is that line's problem, naming where it looked", () => {
    const dir = folder({ 'Client.csv': 'name,email(F)\nAnn,nowhere.txt\n' })
    const error = seedError(() => installHost().importSeedCsv('Client', { path: join(dir, 'Client.csv') }))
    expect([error.line, error.column]).toEqual([2, 2])
    expect(error.message).toContain('no file "nowhere.txt" in')
  })

  test('a FILE field without (F) is refused, saying to write field(F)', () => {
    const error = seedError(() =>
      installHost().importSeedCsv('Purchase', 'number,status,invoice\nA-1,OPEN,x.pdf\n'),
    )
    expect(error.message).toContain('write the header invoice(F)')
  })

  test('a reference path a.b.field follows references to the innermost domain', () => {
    using host = createTestHost({
      domains: {
        Country: { fields: { code: 'STRING' } },
        City: { fields: { name: 'STRING', country: { type: 'DOMAIN_OBJECT', domain: 'Country' } } },
        Shop: { fields: { name: 'STRING', city: { type: 'DOMAIN_OBJECT', domain: 'City' } } },
      },
    }).install()
    host.importSeedCsv('Country', 'code\nFR\nDE\n')
    host.importSeedCsv('City', 'name,country.code\nParis,FR\nBerlin,DE\n')
    host.importSeedCsv('Shop', 'name,city.country.code\nBoutique,DE\n')
    const [shop] = SimpleQuery.getAll('Shop')
    const berlin = SimpleQuery.getAll('City').find((c) => c['name'] === 'Berlin')
    expect((shop?.['city'] as { id: number }).id).toBe(berlin?.['id'])
    const error = seedError(() => host.importSeedCsv('Shop', 'name,city.country.code\nX,IT\n'))
    expect(error.message).toContain('no Country has code the string "IT"')
  })

  test('the OVERWRITE_FLAG column is read, not a field', () => {
    installHost().importSeedCsv('Client', 'name(*),OVERWRITE_FLAG\nAnn,Y\n')
    expect(rows('Client', 'name')).toEqual([['Ann']])
  })

  test('a byte order mark and ; comment lines are skipped', () => {
    installHost().importSeedCsv('Client', '\uFEFF;; a comment\nname\n; another\nAnn\n')
    expect(rows('Client', 'name')).toEqual([['Ann']])
  })

  test('line by line: a failed line is skipped and reported, the others are imported', () => {
    const result = installHost().importSeedCsv('Client', 'name(*),vip\nAnn,Y\nBob,maybe\nCy,N\n', {
      lineByLine: true,
    })
    expect([result.created, result.failed]).toEqual([2, 1])
    expect(result.failedLines.map((p) => p.line)).toEqual([3])
    expect(rows('Client', 'name').flat()).toEqual(['Ann', 'Cy'])
  })

  test('line by line with ignoreUnknownColumns: a header naming no field is ignored and listed', () => {
    const result = installHost().importSeedCsv('Client', 'name,isSystem,prompt.name\nAnn,Y,\n', {
      lineByLine: true,
      ignoreUnknownColumns: true,
    })
    expect(result.ignoredColumns).toEqual(['isSystem', 'prompt.name'])
    expect(result.created).toBe(1)
  })

  test('line by line: a header naming no field fails the whole file, nothing imported', () => {
    const host = installHost()
    const error = seedError(() =>
      host.importSeedCsv('Client', 'name,colour\nAnn,red\n', { lineByLine: true }),
    )
    expect(error.message).toContain('Client has no field "colour"')
    expect(SimpleQuery.count('Client')).toBe(0)
  })
})
