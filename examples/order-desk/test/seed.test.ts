import { SimpleQuery } from '@tech-vendor/api'
import { describe, expect, it } from 'vitest'
import { orderDeskSeed } from '../host/order-desk-plugin.js'
import { startOrderDesk } from './order-desk-host.js'

describe('seed data', () => {
  it('imports customers, products and past orders with their references', () => {
    using _host = startOrderDesk()

    expect([SimpleQuery.count('DeskCustomer'), SimpleQuery.count('DeskProduct')]).toEqual([3, 4])
    expect(
      SimpleQuery.of('DeskProduct')
        .eq('active', false)
        .listAll()
        .map((p) => p.name),
    ).toEqual(['Gizmo'])
    const second = SimpleQuery.of('DeskOrder').eq('number', 2).get()
    expect(second).toMatchObject({
      customer: { name: 'Ada Lovelace' },
      product: { name: 'Sprocket' },
      total: '11.00',
    })
    expect(second?.placedAt.toISOString()).toBe('2024-12-18T15:05:00.000Z')
  })

  it('finds every object by its key columns when imported again, and changes nothing', () => {
    using host = startOrderDesk()
    const results = orderDeskSeed.map(({ domain, path }) => host.importSeedCsv(domain, { path }))

    expect(results).toEqual([
      { created: 0, updated: 0, unchanged: 3 },
      { created: 0, updated: 0, unchanged: 4 },
      { created: 0, updated: 0, unchanged: 2 },
    ])
    expect(SimpleQuery.count('DeskCustomer')).toBe(3)
  })
})
