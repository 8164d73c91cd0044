import { SimpleQuery } from '@tech-vendor/api'
import { describe, expect, it } from 'vitest'
import {
  InsufficientStockError,
  findCustomer,
  findProduct,
  openOrders,
  ordersOf,
  placeOrder,
  shipOrder,
  type DeskCustomer,
  type DeskProduct,
} from '../src/index.js'
import { startOrderDesk } from './order-desk-host.js'

function customer(name: string): DeskCustomer {
  const found = findCustomer(name)
  if (found === null) throw new Error(`no customer ${name}`)
  return found
}

function product(name: string): DeskProduct {
  const found = findProduct(name)
  if (found === null) throw new Error(`no product ${name}`)
  return found
}

describe('placeOrder', () => {
  it('creates the order and takes its items from stock', () => {
    using _host = startOrderDesk()
    const order = placeOrder(customer('Ada Lovelace'), product('Widget'), 2)

    expect(order).toMatchObject({ number: 3, quantity: 2, total: '25.00', status: 'OPEN' })
    expect(order.customer.name).toBe('Ada Lovelace')
    expect(product('Widget').stock).toBe(6)
    expect(SimpleQuery.count('DeskOrder')).toBe(3)
  })

  it('rolls the whole order back when the stock is short', () => {
    using _host = startOrderDesk()
    const attempt = (): unknown => placeOrder(customer('Ada Lovelace'), product('Gadget'), 3)

    expect(attempt).toThrow(InsufficientStockError)
    expect(attempt).toThrow('Only 1 Gadget in stock, 3 requested')
    expect(SimpleQuery.count('DeskOrder')).toBe(2) // the seeded ones: the order created first is gone
    expect(product('Gadget').stock).toBe(1)
  })

  it('refuses a product no longer on sale', () => {
    using _host = startOrderDesk()
    expect(() => placeOrder(customer('Grace Hopper'), product('Gizmo'), 1)).toThrow(
      expect.objectContaining({ name: 'InsufficientStockError', available: 0, requested: 1 }),
    )
    expect(SimpleQuery.count('DeskOrder')).toBe(2)
  })

  it('refuses a quantity below 1 before writing anything', () => {
    using _host = startOrderDesk()
    expect(() => placeOrder(customer('Ada Lovelace'), product('Widget'), 0)).toThrow(RangeError)
    expect(SimpleQuery.count('DeskOrder')).toBe(2)
  })

  it("reads the stock inside the transaction, not from the caller's copy", () => {
    using _host = startOrderDesk()
    const widget = product('Widget') // stock 8
    placeOrder(customer('Ada Lovelace'), widget, 5)

    expect(() => placeOrder(customer('Grace Hopper'), widget, 5)).toThrow('Only 3 Widget in stock')
    expect(product('Widget').stock).toBe(3)
  })
})

describe('queries', () => {
  it('pages the open orders newest first, with the count of all of them', () => {
    using _host = startOrderDesk()
    const ada = customer('Ada Lovelace')
    for (const name of ['Widget', 'Sprocket', 'Widget']) placeOrder(ada, product(name), 1)

    const first = openOrders(0, 2)
    const second = openOrders(1, 2)

    expect(first.map((o) => o.number)).toEqual([5, 4])
    expect(second.map((o) => o.number)).toEqual([3])
    expect([first.totalCount, second.totalCount]).toEqual([3, 3]) // the seeded orders are shipped
    expect(openOrders(2, 2)).toHaveLength(0)
  })

  it('leaves shipped orders out of the open ones', () => {
    using _host = startOrderDesk()
    const order = placeOrder(customer('Alan Turing'), product('Sprocket'), 3)
    shipOrder(order)

    expect(openOrders(0, 10).totalCount).toBe(0)
    expect(SimpleQuery.getById('DeskOrder', order.id)?.status).toBe('SHIPPED')
  })

  it("finds a customer's orders by the customer object", () => {
    using _host = startOrderDesk()
    const ada = customer('Ada Lovelace')
    placeOrder(ada, product('Widget'), 1)
    placeOrder(customer('Grace Hopper'), product('Widget'), 1)

    expect(ordersOf(ada).map((o) => o.number)).toEqual([2, 3]) // #2 is seeded
  })
})
