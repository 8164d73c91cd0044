import { DomainHelper, QueryHelper, SimpleQuery } from '@tech-vendor/api'
import { numberSetting } from './settings.js'

/** What one stock check changed. */
export interface StockCheckResult {
  /** Products newly flagged low, by name. */
  readonly flagged: string[]
  /** Products no longer low, by name. */
  readonly cleared: string[]
}

/**
 * Flags the active products whose stock is at or below the `lowStockThreshold` setting, and clears the flag of
 * those restocked since. The order desk runs it periodically (see OrderDeskComponent).
 *
 * @returns The products it flagged and cleared.
 */
export function checkStock(): StockCheckResult {
  const threshold = numberSetting('lowStockThreshold')
  return QueryHelper.withTransaction(() => {
    // lowStock is null until the first check. Under SQL's three-valued logic ne('lowStock', true) would skip
    // those rows, so the "not flagged yet" test is done here instead.
    const low = SimpleQuery.of('DeskProduct')
      .eq('active', true)
      .le('stock', threshold)
      .listAll()
      .filter((product) => product.lowStock !== true)
    const restocked = SimpleQuery.of('DeskProduct').eq('lowStock', true).gt('stock', threshold).listAll()
    for (const product of low) DomainHelper.updateDomain({ ...product, lowStock: true })
    for (const product of restocked) DomainHelper.updateDomain({ ...product, lowStock: false })
    return { flagged: low.map((p) => p.name), cleared: restocked.map((p) => p.name) }
  })
}
