import { checkedFacet, LINKED, type FacadeClass } from '../runtime-contract/dispatch.js'
import { members } from '../runtime-contract/members.js'
import { requireClass } from './argument-checks.js'
import type { Class } from '../model/java-types.js'

/**
 * Looks up beans (services) of the platform and of other plugins by type.
 *
 * **Only works when the plugin lists the built-in plugin `PlatformAdapter` in its `dependsOnPlugins`**: the
 * runtime side of `BeanContainer` lives in that plugin. Without the dependency the lookup fails at run time,
 * although the plugin compiles; `vendor-api check` reports it (rule `platform-adapter-dependency`).
 *
 * @example
 * ```ts
 * // package.json of the plugin:
 * //   "vendorPlugin": { "name": "billing", "version": "1.0.0", "dependsOnPlugins": ["PlatformAdapter"] }
 * import { BeanContainer } from '@tech-vendor/api'
 *
 * abstract class MailService {
 *   abstract send(to: string, text: string): void
 * }
 * BeanContainer.getBean(MailService).send('ann@example.com', 'Invoice ready')
 * ```
 */
export class BeanContainer {
  private constructor() {}

  /**
   * The one bean of a type (Spring's `getBean(Class)`).
   *
   * Requires the built-in plugin `PlatformAdapter` in the plugin's `dependsOnPlugins`.
   *
   * @typeParam T - The bean type.
   * @param type - The bean's class, or an abstract class it extends.
   * @returns The bean.
   * @throws {@link NoSuchBeanDefinitionException} when no bean of the type exists, or more than one does.
   * @throws {@link IllegalArgumentException} when `type` is not a class.
   * @throws {@link IllegalStateException} when no runtime is bound, or (on the platform) `PlatformAdapter` is
   *   missing from `dependsOnPlugins`.
   * @see {@link BeanContainer.getBeansOfType} for every bean of a type.
   * @example
   * ```ts
   * import { BeanContainer } from '@tech-vendor/api'
   *
   * abstract class ExchangeRates {
   *   abstract rate(from: string, to: string): number
   * }
   * const eurToUsd = BeanContainer.getBean(ExchangeRates).rate('EUR', 'USD')
   * ```
   */
  static getBean<T>(type: Class<T>): T {
    const facet =
      (this as FacadeClass)?.[LINKED]?.getBean ?? checkedFacet(members.getBean, arguments, BeanContainer)
    requireClass(type, 'BeanContainer.getBean(Class)')
    return facet.getBean(type)
  }

  /**
   * Every bean of a type, from the platform and from every loaded plugin; empty when there is none.
   *
   * Requires the built-in plugin `PlatformAdapter` in the plugin's `dependsOnPlugins`.
   *
   * @typeParam T - The bean type.
   * @param type - The class the beans extend.
   * @returns The beans.
   * @throws {@link IllegalArgumentException} when `type` is not a class.
   * @throws {@link IllegalStateException} when no runtime is bound, or (on the platform) `PlatformAdapter` is
   *   missing from `dependsOnPlugins`.
   * @see {@link BeanContainer.getBean} for the one bean of a type.
   * @example
   * ```ts
   * import { BeanContainer } from '@tech-vendor/api'
   *
   * abstract class ExportFormat {
   *   abstract readonly extension: string
   * }
   * const extensions = BeanContainer.getBeansOfType(ExportFormat).map((format) => format.extension)
   * ```
   */
  static getBeansOfType<T>(type: Class<T>): T[] {
    const facet =
      (this as FacadeClass)?.[LINKED]?.getBeansOfType ??
      checkedFacet(members.getBeansOfType, arguments, BeanContainer)
    requireClass(type, 'BeanContainer.getBeansOfType(Class)')
    return Array.from(facet.getBeansOfType(type))
  }
}
