import { SimpleQuery } from '@tech-vendor/api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { findCustomer, findProduct, placeOrder } from '../src/index.js'
import { startOrderDesk } from './order-desk-host.js'

describe('tenancy', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it("keeps one tenant's orders and stock from another", () => {
    using host = startOrderDesk()
    const order = host.runAs({ tenant: 'acme' }, () =>
      placeOrder(findCustomer('Ada Lovelace')!, findProduct('Widget')!, 2),
    )

    host.runAs({ tenant: 'globex' }, () => {
      expect(SimpleQuery.count('DeskOrder')).toBe(2) // its own seeded orders only
      expect(SimpleQuery.getById('DeskOrder', order.id)).toBeNull()
      expect(findProduct('Widget')?.stock).toBe(8)
    })
    expect(host.runAs({ tenant: 'acme' }, () => findProduct('Widget')?.stock)).toBe(6)
  })

  it('runs the stock check in the tenant the plugin loaded in', async () => {
    vi.useFakeTimers()
    using host = startOrderDesk() // onLoad runs as the default tenant, acme

    await vi.advanceTimersByTimeAsync(60_000)

    expect(host.runAs({ tenant: 'acme' }, () => findProduct('Gadget')?.lowStock)).toBe(true)
    expect(host.runAs({ tenant: 'globex' }, () => findProduct('Gadget')?.lowStock)).toBeNull()
  })
})
