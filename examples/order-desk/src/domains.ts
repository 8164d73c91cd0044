/**
 * The order desk's domains, declared once so that every query, condition and built object is typed by them.
 * The platform's model defines the same domains (host/domains.ts spells them out for the reference host).
 */
import type { StorageFieldValue } from '@tech-vendor/api'

/** A customer who places orders. */
export interface DeskCustomer {
  readonly id: number
  name: string
  email: string | null
  vip: boolean | null
}

/** A product on sale. `price` is a BIG_DECIMAL, so a decimal string such as `'12.50'`. */
export interface DeskProduct {
  readonly id: number
  name: string
  price: string
  stock: number
  active: boolean
  /** Set by the stock check; `null` until it first runs. */
  lowStock: boolean | null
}

/** Where an order is in its life. */
export type DeskOrderStatus = 'OPEN' | 'SHIPPED' | 'CANCELLED'

/** One order of one product by one customer. */
export interface DeskOrder {
  readonly id: number
  number: number
  customer: DeskCustomer
  product: DeskProduct
  quantity: number
  total: string
  status: DeskOrderStatus
  placedAt: Date
  receipt: StorageFieldValue | null
}

/** A setting of the plugin, one per name and tenant. */
export interface DeskSetting {
  readonly id: number
  name: string
  value: string
}

declare module '@tech-vendor/api' {
  interface DomainRegistry {
    DeskCustomer: DeskCustomer
    DeskProduct: DeskProduct
    DeskOrder: DeskOrder
    DeskSetting: DeskSetting
  }
}
