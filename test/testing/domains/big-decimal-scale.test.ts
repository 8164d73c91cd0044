import { describe, expect, test } from 'vitest'
import {
  DomainHelper,
  DomainObjectRenderType,
  QueryHelper,
  SimpleQuery,
  type DomainObject,
} from '../../../src/index.js'
import { createTestHost } from '../../../src/testing/index.js'
import { SHOP, installHost } from '../hosts.js'

// The host reads BIG_DECIMAL values back as PostgreSQL's numeric and Java's BigDecimal do: with the scale
// they were written with, while every condition and ordering compares them as numbers.

function purchase(number: string, total: unknown): DomainObject {
  const draft = DomainHelper.buildDomain('Purchase', { number, status: 'OPEN', total })
  DomainHelper.createDomain(draft)
  return draft
}

const numbers = (rows: readonly DomainObject[]): unknown[] => rows.map((r) => r['number'])

describe('BIG_DECIMAL through the reference host', () => {
  test('reads back the scale it was written with: queries, getById and render', () => {
    installHost()
    const p1 = purchase('P-1', '25.00')
    purchase('P-2', '25')
    purchase('P-3', '1.50')
    purchase('P-4', 12.5)
    purchase('P-5', '1.2e1')

    expect(SimpleQuery.getById('Purchase', p1.id)?.['total']).toBe('25.00')
    expect(SimpleQuery.getAll('Purchase').map((p) => p['total'])).toEqual([
      '25.00',
      '25',
      '1.50',
      '12.5',
      '12',
    ])
    const read = SimpleQuery.getById('Purchase', p1.id) as DomainObject
    expect(DomainHelper.render(read, DomainObjectRenderType.ALL_COLUMNS)['total']).toBe('25.00')

    expect(numbers(SimpleQuery.of('Purchase').eq('total', '25').listAll())).toEqual(['P-1', 'P-2'])
    expect(numbers(SimpleQuery.of('Purchase').eq('total', 25).listAll())).toEqual(['P-1', 'P-2'])
    expect(numbers(SimpleQuery.of('Purchase').in('total', ['1.5', '12.50']).listAll())).toEqual([
      'P-3',
      'P-4',
    ])
    expect(numbers(SimpleQuery.of('Purchase').gt('total', '12.0').list(0, 10, ['total']))).toEqual([
      'P-4',
      'P-1',
      'P-2',
    ])
    expect(SimpleQuery.of('Purchase').eq('total', '25.000').list(0, 1).totalCount).toBe(2)

    // An update keeps the scale it writes.
    DomainHelper.updateDomain({ ...read, total: '30.10' })
    expect(SimpleQuery.getById('Purchase', p1.id)?.['total']).toBe('30.10')
    expect(numbers(SimpleQuery.of('Purchase').eq('total', '30.1').listAll())).toEqual(['P-1'])
  })

  test('a transaction sees its own writes by number, with their scale', () => {
    installHost()
    purchase('P-1', '25')
    const seen = QueryHelper.withTransaction(() => {
      purchase('P-2', '25.000')
      return SimpleQuery.of('Purchase')
        .eq('total', '25.0')
        .listAll()
        .map((p) => p['total'])
    })
    expect(seen).toEqual(['25', '25.000'])
    expect(
      SimpleQuery.of('Purchase')
        .in('total', [25])
        .listAll()
        .map((p) => p['total']),
    ).toEqual(['25', '25.000'])
  })

  test('seed values keep their scale', () => {
    using _host = createTestHost({
      domains: SHOP,
      seed: { Purchase: [{ 'number(*)': 'P-1', status: 'OPEN', total: '12.50' }] },
    }).install()
    expect(SimpleQuery.of('Purchase').eq('total', 12.5).get()?.['total']).toBe('12.50')
  })
})
