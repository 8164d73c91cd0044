import { QueryHelper, SimpleQuery } from '@tech-vendor/api'

/** One line of the sales report: a product and what its orders came to. */
export interface SalesReportLine {
  readonly product: string
  /** How many orders of it were placed, cancelled ones aside. */
  readonly orders: number
  /** How many items those orders took. */
  readonly quantity: number
  /** What those orders came to, as BIG_DECIMAL text with its two decimals (`'36.00'`). */
  readonly revenue: string
}

/**
 * The sales report: every product of the caller's tenant with its orders, items and revenue (cancelled orders
 * aside), highest revenue first. A grouped join that `SimpleQuery` cannot express, so it is native SQL through
 * `QueryHelper.withSql`, on the tables the platform lays the domains out in (`desk_product`, `desk_order` with
 * `product_id`: see docs/sql.md).
 *
 * Native SQL is not filtered by tenant, so the report keeps to the caller's tenant through the products'
 * ids, which `SimpleQuery` reads in that tenant (ids come from one sequence, so no other tenant has them).
 *
 * @returns A line per product, highest revenue first, then by name.
 * @throws UnsupportedOperationException on a host whose store runs no SQL (the in-memory store).
 */
export function salesReport(): SalesReportLine[] {
  const products = SimpleQuery.of('DeskProduct')
    .listAll()
    .map((p) => p.id)
  const rows = QueryHelper.withSql((sql) =>
    sql.rows(
      `select p.name as product, count(o.id) as orders, coalesce(sum(o.quantity), 0) as quantity,
              coalesce(sum(o.total), 0.00) as revenue
         from desk_product p
         left join desk_order o on o.product_id = p.id and o.status <> 'CANCELLED'
        where p.id = any(:products)
        group by p.id, p.name
        order by revenue desc, p.name`,
      { products },
    ),
  )
  // count() and sum() of integers are bigint, which fits a number here; sum() of numeric is text with its scale.
  return rows.map((row) => ({
    product: String(row['product']),
    orders: Number(row['orders']),
    quantity: Number(row['quantity']),
    revenue: String(row['revenue']),
  }))
}
