import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createEmulator } from '../../../src/emulator/index.js'
import { createTestHost } from '../../../src/testing/index.js'
import { SHOP, all } from '../shop.js'
import { startWire } from '../wire.js'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function dataDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-data-'))
  dirs.push(dir)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return dir
}

describe('application seed data', () => {
  it('imports every <Domain>.csv of dataDir at start, in every tenant, each after the domains it references', async () => {
    const dir = dataDir({
      // Named so that sorting by file name would import them in the wrong order.
      'Order.csv': 'number(*),status,customer.name\n1,OPEN,Ann\n2,SHIPPED,Bob\n',
      'Customer.csv': '; the customers\nname(*),vip\nAnn,T\nBob,false\n',
      'DynamicServiceProvider.csv':
        'name(*),active,logic.name,enableAnonymous\nhello,T,hello,true\nprivate,true,hello,F\n',
      'README.txt': 'not seed data',
    })
    const wire = await startWire({ ...SHOP, dataDir: dir, logic: { hello: () => ({ hello: 'world' }) } })
    for (const tenant of ['acme', 'globex']) {
      expect(all(wire.emulator.host, 'Customer', tenant).map((c) => [c['name'], c['vip']])).toEqual([
        ['Ann', true],
        ['Bob', false],
      ])
      expect(
        all(wire.emulator.host, 'Order', tenant).map((o) => (o['customer'] as { name: string }).name),
      ).toEqual(['Ann', 'Bob'])
    }
    // The seed sets the service with the document's columns: name(*), active, logic.name, enableAnonymous (T/true).
    expect(await wire.json('GET', '/service/hello')).toEqual({ status: 200, body: { hello: 'world' } })
    expect((await wire.json('GET', '/service/private')).body.errorCode).toBe(11004)
  })

  it('a CSV named after no domain fails that file, recorded as FAILED; the other files import', async () => {
    const dir = dataDir({ 'Customers.csv': 'name\nAnn\n', 'Customer.csv': 'name\nBob\n' })
    const log: string[] = []
    const wire = await startWire({ ...SHOP, dataDir: dir, seedLog: (line) => log.push(line) })
    expect(all(wire.emulator.host, 'Customer', 'acme').map((c) => c['name'])).toEqual(['Bob'])
    const records = all(wire.emulator.host, 'ImportRecord', 'acme')
    expect(records.map((r) => [r['fileName'], r['status']])).toEqual([
      ['Customer.csv', 'SUCCESS'],
      ['Customers.csv', 'FAILED'],
    ])
    expect(log.some((line) => line.includes('Customers.csv is named after no domain'))).toBe(true)
  })

  it('strictSeed stops the start at the first failed line, with its file, line and reason, and leaves nothing bound', () => {
    const dir = dataDir({ 'Product.csv': 'name(*),price\nWidget,9.5\nGadget,cheap\n' })
    expect(() => createEmulator({ ...SHOP, dataDir: dir, strictSeed: true })).toThrow(
      /strictSeed: Product\.csv \(tenant acme\) line 3 failed: column 2: price: .*"cheap"/,
    )
    createTestHost().install().uninstall()
  })
})
