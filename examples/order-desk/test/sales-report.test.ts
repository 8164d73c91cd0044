import { DomainHelper, UnsupportedOperationException } from '@tech-vendor/api'
import { pgliteStore, type Store } from '@tech-vendor/api/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  findCustomer,
  findProduct,
  placeOrder,
  salesReport,
  shipOrder,
  type DeskOrder,
} from '../src/index.js'
import { startOrderDesk } from './order-desk-host.js'

// The report is native SQL, so it runs on PostgreSQL: PGlite, in process (docs/sql.md).
let store: Store
beforeAll(async () => {
  store = await pgliteStore()
})
afterAll(() => store.close())

function order(customerName: string, productName: string, quantity: number): DeskOrder {
  const customer = findCustomer(customerName)
  const product = findProduct(productName)
  if (customer === null || product === null)
    throw new Error(`${customerName} or ${productName} is not seeded`)
  return placeOrder(customer, product, quantity)
}

const SEEDED = [
  { product: 'Gizmo', orders: 1, quantity: 1, revenue: '45.00' },
  { product: 'Sprocket', orders: 1, quantity: 4, revenue: '11.00' },
  { product: 'Gadget', orders: 0, quantity: 0, revenue: '0.00' },
  { product: 'Widget', orders: 0, quantity: 0, revenue: '0.00' },
]

describe('salesReport on PGlite', () => {
  it('totals the seeded orders by product, highest revenue first, products without orders last by name', () => {
    using _host = startOrderDesk(store)
    expect(salesReport()).toEqual(SEEDED)
  })

  it('counts the orders placed through the facades, shipped or open, and leaves cancelled ones out', () => {
    using _host = startOrderDesk(store)
    order('Ada Lovelace', 'Widget', 2)
    shipOrder(order('Grace Hopper', 'Widget', 1))
    DomainHelper.updateDomain({ ...order('Alan Turing', 'Gadget', 1), status: 'CANCELLED' })
    expect(salesReport()).toEqual([
      SEEDED[0],
      { product: 'Widget', orders: 2, quantity: 3, revenue: '37.50' },
      SEEDED[1],
      SEEDED[2],
    ])
  })

  it('keeps to the caller’s tenant, though native SQL is not filtered by tenant', () => {
    using host = startOrderDesk(store)
    host.runAs({ tenant: 'globex' }, () => order('Ada Lovelace', 'Gadget', 1))
    expect(salesReport()).toEqual(SEEDED)
    expect(host.runAs({ tenant: 'globex' }, () => salesReport())[0]).toEqual({
      product: 'Gadget',
      orders: 1,
      quantity: 1,
      revenue: '99.00',
    })
  })
})

describe('salesReport on the in-memory store', () => {
  it('is refused as UnsupportedOperationException: the in-memory store runs no SQL', () => {
    using _host = startOrderDesk()
    expect(() => salesReport()).toThrow(UnsupportedOperationException)
  })
})
