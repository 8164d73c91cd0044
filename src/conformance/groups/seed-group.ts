import { expect, it } from 'vitest'
import { SimpleQuery } from '../../api/simple-query.js'
import { CUSTOMER, ITEM, ORDER, TAG } from '../conformance-domains.js'
import { TENANTS } from '../suite-context.js'
import type { GroupDefinition } from './group-definition.js'
import { adapterOf, catchError, createOne, nameSet } from './test-helpers.js'

const OTHER = TENANTS[1] as string
const WHAT = 'seed data import is'

/** The given fields of every object of a domain, sorted by `name`. */
function rowsOf(domain: string, fields: readonly string[]): unknown[][] {
  return SimpleQuery.getAll(domain)
    .map((object) => fields.map((field) => object[field]))
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
}

/** The id of a DOMAIN_OBJECT field's value, `null` for none. */
/** The counts every host reports (`unchanged` is optional). */
function counts(result: { readonly created: number; readonly updated: number }): object {
  return { created: result.created, updated: result.updated }
}

function referencedId(value: unknown): unknown {
  return value === null || value === undefined ? null : (value as { id?: unknown }).id
}

/**
 * Checks that a seed import failed with a typed error naming the line and column of its problem: its `name`
 * is not plain `Error` (nor a host bug's `TypeError`), its message says `line <n>` and `column <m>`, and
 * its `line` and `column` properties, where it has them, agree.
 */
function expectLocated(error: unknown, line: number, column: number): void {
  expect(error, 'the import must throw an Error').toBeInstanceOf(Error)
  const { name, message } = error as Error
  expect(['Error', 'TypeError'], `a typed error, got ${name}: ${message}`).not.toContain(name)
  expect(message, 'the message names the line').toMatch(new RegExp(`\\bline ${line}\\b`, 'i'))
  expect(message, 'the message names the column').toMatch(new RegExp(`\\bcolumn ${column}\\b`, 'i'))
  const located = error as { line?: unknown; column?: unknown }
  if (typeof located.line === 'number') expect(located.line, 'error.line').toBe(line)
  if (typeof located.column === 'number') expect(located.column, 'error.column').toBe(column)
}

/**
 * SPEC §7.8: seed data CSV with `field(*)` key columns (upsert), `ref.field` references, T/true F/false
 * booleans and `;` comment lines; a bad file names line and column and imports nothing.
 */
export const seedGroup: GroupDefinition = {
  group: 'seed',
  title: 'seed data CSV (SPEC §7.8; needs seedData)',
  register({ start }) {
    it('imports one object per record, with T/true and F/false booleans and numbers as numbers', (context) => {
      const { host } = start()
      const seed = adapterOf(context, host, 'seedData', WHAT)
      const result = seed.importCsv(ITEM, 'name,active,qty\nA,T,1\nB,true,2\nC,F,3\nD,false,\n')
      expect(counts(result)).toEqual({ created: 4, updated: 0 })
      expect(rowsOf(ITEM, ['name', 'active', 'qty'])).toEqual([
        ['A', true, 1],
        ['B', true, 2],
        ['C', false, 3],
        ['D', false, null],
      ])
    })

    it('a field(*) column is the key: a record whose key matches an object updates it, the others create objects', (context) => {
      const { host } = start()
      const seed = adapterOf(context, host, 'seedData', WHAT)
      expect(counts(seed.importCsv(CUSTOMER, 'name(*),email\nAnn,old@example.com\n'))).toEqual({
        created: 1,
        updated: 0,
      })
      const ann = SimpleQuery.of(CUSTOMER).eq('name', 'Ann').get()
      const file = 'name(*),email\nAnn,new@example.com\nBob,bob@example.com\n'
      expect(counts(seed.importCsv(CUSTOMER, file))).toEqual({ created: 1, updated: 1 })
      expect(rowsOf(CUSTOMER, ['name', 'email'])).toEqual([
        ['Ann', 'new@example.com'],
        ['Bob', 'bob@example.com'],
      ])
      expect(SimpleQuery.of(CUSTOMER).eq('name', 'Ann').get()?.id, 'Ann is updated in place').toBe(ann?.id)
      const again = seed.importCsv(CUSTOMER, file)
      expect(counts(again), 'the same file again changes nothing').toEqual({ created: 0, updated: 0 })
      if (again.unchanged !== undefined) expect(again.unchanged, 'both records found unchanged').toBe(2)
      expect(SimpleQuery.count(CUSTOMER)).toBe(2)
    })

    it('a ref.field column references the object whose field has the cell’s value; an empty cell references none', (context) => {
      const { host } = start()
      const seed = adapterOf(context, host, 'seedData', WHAT)
      createOne(CUSTOMER, { name: 'Ann', email: 'ann@example.com' })
      const bob = createOne(CUSTOMER, { name: 'Bob', email: 'bob@example.com' })
      const file = 'number(*),status,customer.email\nO-1,OPEN,bob@example.com\nO-2,OPEN,\n'
      expect(counts(seed.importCsv(ORDER, file))).toEqual({ created: 2, updated: 0 })
      const orders = SimpleQuery.getAll(ORDER)
        .map((order) => [order['number'], referencedId(order['customer'])])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
      expect(orders).toEqual([
        ['O-1', bob.id],
        ['O-2', null],
      ])
    })

    it('lines starting with ; are comments, before the header and between records', (context) => {
      const { host } = start()
      const seed = adapterOf(context, host, 'seedData', WHAT)
      const file = '; the tags of the demo\n;name,colour\nname(*)\nurgent\n; later, maybe\nlater\n'
      expect(counts(seed.importCsv(TAG, file))).toEqual({ created: 2, updated: 0 })
      expect(nameSet(SimpleQuery.getAll(TAG))).toEqual(['later', 'urgent'])
    })

    it('a value that does not fit its field is a typed error naming its line and column, and nothing is imported', (context) => {
      const { host } = start()
      const seed = adapterOf(context, host, 'seedData', WHAT)
      const file = 'name,qty,active\n; active is T or F\nA,1,T\nB,2,yes\n'
      expectLocated(
        catchError(() => seed.importCsv(ITEM, file)),
        4,
        3,
      )
      expect(SimpleQuery.count(ITEM), 'objects imported from a bad file').toBe(0)
    })

    it('a ref.field value that matches no object is an error naming its line and column, and nothing is imported', (context) => {
      const { host } = start()
      const seed = adapterOf(context, host, 'seedData', WHAT)
      createOne(CUSTOMER, { name: 'Ann' })
      const file = 'number,status,customer.name\nO-1,OPEN,Ann\nO-2,OPEN,Nobody\n'
      expectLocated(
        catchError(() => seed.importCsv(ORDER, file)),
        3,
        3,
      )
      expect(SimpleQuery.count(ORDER), 'objects imported from a bad file').toBe(0)
    })

    it('an unknown column is an error naming its header line and column, and nothing is imported', (context) => {
      const { host } = start()
      const seed = adapterOf(context, host, 'seedData', WHAT)
      expectLocated(
        catchError(() => seed.importCsv(ITEM, '; items\nname,colour\nA,red\n')),
        2,
        2,
      )
      expect(SimpleQuery.count(ITEM), 'objects imported from a bad file').toBe(0)
    })

    it('a bad record late in the file leaves every object as it was: nothing created, nothing updated', (context) => {
      const { host } = start()
      const seed = adapterOf(context, host, 'seedData', WHAT)
      seed.importCsv(CUSTOMER, 'name(*),email\nAnn,old@example.com\n')
      // Line 4 has no name: its key and a required field.
      const file = 'name(*),email\nAnn,new@example.com\nBob,bob@example.com\n,nobody@example.com\n'
      expectLocated(
        catchError(() => seed.importCsv(CUSTOMER, file)),
        4,
        1,
      )
      expect(rowsOf(CUSTOMER, ['name', 'email'])).toEqual([['Ann', 'old@example.com']])
    })

    it('imports into the current tenant only, and ref.field columns look objects up there', (context) => {
      const { host } = start()
      const seed = adapterOf(context, host, 'seedData', WHAT)
      expect(
        counts(host.runAs({ tenant: OTHER }, () => seed.importCsv(CUSTOMER, 'name(*)\nGlobex Ann\n'))),
      ).toEqual({
        created: 1,
        updated: 0,
      })
      expect(SimpleQuery.count(CUSTOMER), 'customers of the first tenant').toBe(0)
      expect(host.runAs({ tenant: OTHER }, () => nameSet(SimpleQuery.getAll(CUSTOMER)))).toEqual([
        'Globex Ann',
      ])
      const error = catchError(() =>
        seed.importCsv(ORDER, 'number,status,customer.name\nO-1,OPEN,Globex Ann\n'),
      )
      expectLocated(error, 2, 3)
      expect(SimpleQuery.count(ORDER), 'orders of the first tenant').toBe(0)
      expect(
        host.runAs({ tenant: OTHER }, () => SimpleQuery.count(ORDER)),
        'orders of the other tenant',
      ).toBe(0)
    })
  },
}
