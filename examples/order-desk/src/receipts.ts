import { DomainHelper, DomainObjectRenderType, StorageUtils, type StorageFieldValue } from '@tech-vendor/api'
import type { DeskOrder } from './domains.js'

/**
 * Writes an order's receipt as a CSV file to platform storage and attaches it to the order's `receipt` field.
 *
 * @param order - The order, as placed or read.
 * @returns The stored file.
 */
export function storeReceipt(order: DeskOrder): StorageFieldValue {
  const rows = [
    ['order', 'placed at', 'customer', 'product', 'quantity', 'unit price', 'total'],
    [
      String(order.number),
      order.placedAt.toISOString(),
      label(order.customer),
      label(order.product),
      String(order.quantity),
      order.product.price,
      order.total,
    ],
  ]
  const csv = rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
  const receipt = StorageUtils.createStorageFileDomain(`receipt-${order.number}.csv`, 'text/csv', csv)
  DomainHelper.updateDomain({ ...order, receipt })
  return receipt
}

/** What the platform shows for an object: its label field. */
function label(object: object): string {
  const rendered = DomainHelper.render(object, DomainObjectRenderType.ONLY_LABEL_FIELD)
  return String(rendered['name'] ?? rendered['id'])
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}
