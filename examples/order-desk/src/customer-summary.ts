import type { LogicRequest } from '@tech-vendor/api/emulator'
import type { DeskOrderStatus } from './domains.js'
import { sumAmounts } from './money.js'
import { findCustomer, ordersOf } from './orders.js'

/** What the `customer-summary` service answers. */
export interface CustomerSummary {
  readonly customer: string
  /** How many orders the customer placed, by status. */
  readonly orders: Readonly<Record<DeskOrderStatus, number>>
  /** What the customer's orders came to, cancelled ones aside. */
  readonly spent: string
  /** The number of the latest order, or `null` for none. */
  readonly latestOrder: number | null
}

/**
 * The dynamic service `customer-summary`, as dynamic logic written in TypeScript: a customer's orders counted
 * by status and totalled, for a frontend's customer page. It runs as the caller, in the caller's tenant.
 *
 * Call it as `GET /api/service/customer-summary?customer=<name>` with a login token (the service does not
 * allow anonymous calls).
 *
 * @throws Error when `customer` is missing or names no customer (the platform answers 500 with the message).
 */
export function customerSummary(request: LogicRequest): CustomerSummary {
  const name = request.params['customer']
  if (name === undefined || name === '') throw new Error('customer-summary needs ?customer=<name>')
  const customer = findCustomer(name)
  if (customer === null) throw new Error(`There is no customer named ${name}`)
  const orders = ordersOf(customer)
  const count = (status: DeskOrderStatus): number => orders.filter((o) => o.status === status).length
  return {
    customer: customer.name,
    orders: { OPEN: count('OPEN'), SHIPPED: count('SHIPPED'), CANCELLED: count('CANCELLED') },
    spent: sumAmounts(orders.filter((o) => o.status !== 'CANCELLED').map((o) => o.total)),
    latestOrder: orders.reduce<number | null>((latest, o) => Math.max(latest ?? 0, o.number), null),
  }
}
