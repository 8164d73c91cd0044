/**
 * The order desk plugin: customers, products and orders, with a stock check that runs every minute.
 */
export type { DeskCustomer, DeskOrder, DeskOrderStatus, DeskProduct, DeskSetting } from './domains.js'
export { OrderDeskComponent } from './order-desk-component.js'
export { InsufficientStockError } from './insufficient-stock-error.js'
export {
  placeOrder,
  takeFromStock,
  shipOrder,
  openOrders,
  ordersOf,
  findCustomer,
  findProduct,
} from './orders.js'
export { storeReceipt } from './receipts.js'
export { multiplyAmount, sumAmounts } from './money.js'
export { customerSummary, type CustomerSummary } from './customer-summary.js'
export { salesReport, type SalesReportLine } from './sales-report.js'
export { checkStock, type StockCheckResult } from './stock-check.js'
export { DEFAULT_SETTINGS, ensureDefaultSettings, numberSetting, type SettingName } from './settings.js'
