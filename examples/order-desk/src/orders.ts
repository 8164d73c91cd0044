import { DomainHelper, QueryHelper, SimpleQuery, type PaginationQueryResult } from '@tech-vendor/api'
import type { DeskCustomer, DeskOrder, DeskProduct } from './domains.js'
import { InsufficientStockError } from './insufficient-stock-error.js'
import { multiplyAmount } from './money.js'

/**
 * Places an order and takes its items from stock, in one transaction: when the stock is short, the order
 * created a moment before is rolled back with it, and nothing is written.
 *
 * @param customer - Who orders.
 * @param product - What they order, at the price they were shown.
 * @param quantity - How many items, at least 1.
 * @returns The new order as stored, with its id and number.
 * @throws RangeError when `quantity` is not a positive whole number.
 * @throws InsufficientStockError when fewer items are in stock, or the product is no longer on sale.
 */
export function placeOrder(customer: DeskCustomer, product: DeskProduct, quantity: number): DeskOrder {
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new RangeError(`An order needs a quantity of at least 1, got ${quantity}.`)
  }
  return QueryHelper.withTransaction(() => {
    const order = DomainHelper.buildDomain('DeskOrder', {
      number: nextOrderNumber(),
      customer,
      product,
      quantity,
      total: multiplyAmount(product.price, quantity),
      status: 'OPEN',
      placedAt: new Date(),
    })
    DomainHelper.createDomain(order) // gives the order its id, as GORM's save() does
    takeFromStock(product, quantity) // throws when short, which rolls back the order too
    return SimpleQuery.getById('DeskOrder', order.id) ?? order
  })
}

/**
 * Takes items of a product from stock. Joins the caller's transaction, if any (a nested `withTransaction`
 * joins the outer one).
 *
 * @param product - The product; its stock is read again here, as the caller's copy may be stale.
 * @param quantity - How many items.
 * @returns The stock left.
 * @throws InsufficientStockError when fewer items are in stock, or the product is no longer on sale.
 */
export function takeFromStock(product: DeskProduct, quantity: number): number {
  return QueryHelper.withTransaction(() => {
    const current = SimpleQuery.getById('DeskProduct', product.id)
    const available = current?.active === true ? current.stock : 0
    if (current === null || available < quantity)
      throw new InsufficientStockError(product.name, available, quantity)
    DomainHelper.updateDomain({ ...current, stock: available - quantity })
    return available - quantity
  })
}

/**
 * Marks an open order shipped.
 *
 * @param order - The order, as placed or read.
 * @returns The order as it is now.
 */
export function shipOrder(order: DeskOrder): DeskOrder {
  const shipped = { ...order, status: 'SHIPPED' as const }
  DomainHelper.updateDomain(shipped)
  return shipped
}

/**
 * One page of the open orders, newest first.
 *
 * @param page - The 0-based page.
 * @param pageSize - Orders per page.
 * @returns The page; its `totalCount` is the number of open orders.
 */
export function openOrders(page: number, pageSize: number): PaginationQueryResult<DeskOrder> {
  return SimpleQuery.of('DeskOrder')
    .eq('status', 'OPEN')
    .list(page * pageSize, pageSize, ['number'], false)
}

/**
 * Every order of a customer, oldest first.
 *
 * @param customer - The customer: a DOMAIN_OBJECT condition takes the object itself, not its id.
 */
export function ordersOf(customer: DeskCustomer): DeskOrder[] {
  return SimpleQuery.of('DeskOrder').eq('customer', customer).listAll()
}

/**
 * The customer with this exact name, or `null`.
 *
 * @throws NonUniqueResultException when two customers share the name.
 */
export function findCustomer(name: string): DeskCustomer | null {
  return SimpleQuery.of('DeskCustomer').eq('name', name).get()
}

/** The product with this exact name, or `null`. */
export function findProduct(name: string): DeskProduct | null {
  return SimpleQuery.of('DeskProduct').eq('name', name).get()
}

/** The number after the highest one used so far in this tenant (1 for the first order). */
function nextOrderNumber(): number {
  const [last] = SimpleQuery.of('DeskOrder').list(0, 1, ['number'], false)
  return (last?.number ?? 0) + 1
}
