import { AsyncHelper, QueryHelper, VendorPlatformComponent, type RunnableObject } from '@tech-vendor/api'
import { ensureDefaultSettings, numberSetting } from './settings.js'
import { checkStock } from './stock-check.js'

/**
 * The order desk's startup. The platform calls `onLoad()` when the plugin loads and again at every reload,
 * so it only creates what is missing; `offLoad()` stops what `onLoad()` started.
 */
export class OrderDeskComponent extends VendorPlatformComponent {
  #cancelStockCheck: RunnableObject | undefined

  override onLoad(): void {
    QueryHelper.withTransaction(() => ensureDefaultSettings())
    // Deprecated at runtime, but the 0.0.5 library's only timer. The task keeps the tenant (the one onLoad
    // runs in), not a logged-in user.
    this.#cancelStockCheck = AsyncHelper.scheduleAtFixRate(numberSetting('stockCheckEveryMs'), () => {
      checkStock()
    })
  }

  override offLoad(): void {
    this.#cancelStockCheck?.run()
    this.#cancelStockCheck = undefined
  }
}
