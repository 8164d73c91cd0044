import { DomainHelper, SimpleQuery } from '@tech-vendor/api'
import { describe, expect, it } from 'vitest'
import { findCustomer, findProduct, placeOrder, storeReceipt } from '../src/index.js'
import { startOrderDesk } from './order-desk-host.js'

describe('storeReceipt', () => {
  it('stores the receipt as CSV and attaches it to the order', () => {
    using host = startOrderDesk()
    const order = placeOrder(findCustomer('Ada Lovelace')!, findProduct('Widget')!, 2)

    const receipt = storeReceipt(order)

    expect(receipt).toMatchObject({
      fileName: 'receipt-3.csv',
      mimeType: 'text/csv',
      storageEngine: 'memory',
    })
    expect(new TextDecoder().decode(host.readStoredFile(receipt.key))).toBe(
      'order,placed at,customer,product,quantity,unit price,total\r\n' +
        `3,${order.placedAt.toISOString()},Ada Lovelace,Widget,2,12.50,25.00\r\n`,
    )
    expect(SimpleQuery.getById('DeskOrder', order.id)?.receipt?.key).toBe(receipt.key)
  })

  it('quotes a name that holds a comma', () => {
    using host = startOrderDesk()
    const customer = DomainHelper.buildDomain('DeskCustomer', { name: 'Hopper, Grace' })
    DomainHelper.createDomain(customer)
    const order = placeOrder(customer, findProduct('Sprocket')!, 1)

    const text = new TextDecoder().decode(host.readStoredFile(storeReceipt(order).key))

    expect(text).toContain(',"Hopper, Grace",Sprocket,1,2.75,2.75\r\n')
  })
})
