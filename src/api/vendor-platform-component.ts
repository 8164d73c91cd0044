/**
 * The base of a plugin component the platform calls when the plugin loads and unloads.
 *
 * The platform constructs each component of a plugin with no argument and calls `onLoad()` when the plugin
 * loads, `offLoad()` when it unloads. Both are no-ops here: override the ones you need. Both are synchronous,
 * as in Java.
 *
 * `onLoad()` runs again at **every plugin reload**, not only at the first start, so it must be repeatable:
 * create what is missing instead of creating blindly, and cancel in `offLoad()` what `onLoad()` scheduled.
 * Since platform 1.0 this is where startup work goes: the RUN_AT_STARTUP scheduled-task type was removed in
 * its favour.
 *
 * A component needs no host to be constructed, so it can be unit-tested as a plain class.
 *
 * @example
 * ```ts
 * import { AsyncHelper, DomainHelper, SimpleQuery, VendorPlatformComponent } from '@tech-vendor/api'
 *
 * export class BillingComponent extends VendorPlatformComponent {
 *   private cancelSync: { run(): void } | undefined
 *
 *   override onLoad(): void {
 *     // Repeatable: only creates the default setting when it is missing.
 *     if (SimpleQuery.of('Setting').eq('key', 'billing.currency').get() === null) {
 *       DomainHelper.createDomain(DomainHelper.buildDomain('Setting', { key: 'billing.currency', value: 'EUR' }))
 *     }
 *     this.cancelSync = AsyncHelper.scheduleAtFixRate(60_000, () => console.log('sync invoices'))
 *   }
 *
 *   override offLoad(): void {
 *     this.cancelSync?.run()
 *   }
 * }
 * ```
 */
export class VendorPlatformComponent {
  /**
   * Called by the platform when the plugin loads, and again at every reload: must be repeatable. Does nothing
   * unless overridden.
   *
   * @see {@link VendorPlatformComponent.offLoad} for the inverse.
   * @example
   * ```ts
   * import { VendorPlatformComponent } from '@tech-vendor/api'
   *
   * class Greeter extends VendorPlatformComponent {
   *   override onLoad(): void {
   *     console.log('billing plugin loaded')
   *   }
   * }
   * new Greeter().onLoad()
   * ```
   */
  onLoad(): void {}

  /**
   * Called by the platform when the plugin unloads (before a reload, too): release what `onLoad` acquired.
   * Does nothing unless overridden.
   *
   * @see {@link VendorPlatformComponent.onLoad} for the inverse.
   * @example
   * ```ts
   * import { VendorPlatformComponent } from '@tech-vendor/api'
   *
   * class Poller extends VendorPlatformComponent {
   *   private timer: ReturnType<typeof setInterval> | undefined
   *   override onLoad(): void {
   *     this.timer = setInterval(() => console.log('poll'), 60_000)
   *   }
   *   override offLoad(): void {
   *     clearInterval(this.timer)
   *   }
   * }
   * ```
   */
  offLoad(): void {}
}
