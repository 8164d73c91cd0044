import { brandedPrototype } from './branded-prototype.js'
import { checkServiceName } from './rpc-names.js'

/** The brand of `VendorRpcService.prototype`, recognised across package copies. */
const SERVICE_BRAND = Symbol.for('@tech-vendor/api/v1.VendorRpcService')

/**
 * The base class of a dynamic RPC service (1.0.0 series only; absent from 0.0.5): a plugin class whose public
 * methods other plugins and dynamic logic call by service name, through {@link DynamicRpcClientService} or
 * an {@link RpcClient} field. Dynamic RPC replaces the removed service consumers and `jvm://` service
 * discovery.
 *
 * The service is registered under its static `serviceName`, or under the class name when it sets none. The
 * host constructs it with no arguments, so constructing it needs no runtime. Every public instance method
 * (inherited ones included) can be called; arguments and results should be plain data, since a call may
 * cross plugin class loaders.
 *
 * @example
 * ```ts
 * import { SimpleQuery, VendorRpcService } from '@tech-vendor/api/v1'
 *
 * export class OrderTotals extends VendorRpcService {
 *   static override readonly serviceName = 'orderTotals'
 *
 *   openCount(): number {
 *     return SimpleQuery.of('Order').eq('status', 'OPEN').listAll().length
 *   }
 * }
 * ```
 */
export class VendorRpcService {
  static {
    Object.defineProperty(this.prototype, SERVICE_BRAND, { value: true })
  }

  /**
   * The name the service is registered under; callers pass it to `DynamicRpcClientService.invoke` or
   * `@RpcClient`. A non-blank string; when a subclass leaves it unset the class name is used.
   *
   * @example
   * ```ts
   * import { VendorRpcService } from '@tech-vendor/api/v1'
   *
   * class Pricing extends VendorRpcService {
   *   static override readonly serviceName = 'pricing'
   * }
   * ```
   */
  static readonly serviceName?: string

  /**
   * The name a service class is registered under: its static `serviceName`, or else its class name.
   *
   * @param serviceClass - A class that extends `VendorRpcService` (from any copy of the package).
   * @returns The service name.
   * @throws {@link IllegalArgumentException} when `serviceClass` does not extend `VendorRpcService`, or its
   * name is empty or not a string.
   * @see {@link VendorRpcService.methodsOf}
   * @example
   * ```ts
   * import { VendorRpcService } from '@tech-vendor/api/v1'
   *
   * class Pricing extends VendorRpcService {}
   * console.log(VendorRpcService.serviceNameOf(Pricing)) // 'Pricing'
   * ```
   */
  static serviceNameOf(serviceClass: abstract new () => VendorRpcService): string {
    brandedPrototype(serviceClass, SERVICE_BRAND, 'VendorRpcService', 'VendorRpcService.serviceNameOf')
    const declared = (serviceClass as { serviceName?: unknown }).serviceName
    return checkServiceName(
      declared ?? serviceClass.name,
      `${serviceClass.name || 'The service class'}.serviceName`,
    )
  }

  /**
   * The methods a host exposes for a service class: the public, string-named instance methods it declares
   * or inherits, up to (not including) `VendorRpcService` itself, in source order.
   *
   * @param serviceClass - A class that extends `VendorRpcService`.
   * @returns The method names.
   * @throws {@link IllegalArgumentException} when `serviceClass` does not extend `VendorRpcService`.
   * @see {@link VendorRpcService.serviceNameOf}
   * @example
   * ```ts
   * import { VendorRpcService } from '@tech-vendor/api/v1'
   *
   * class Pricing extends VendorRpcService {
   *   quote(sku: string): number {
   *     return sku.length
   *   }
   * }
   * console.log(VendorRpcService.methodsOf(Pricing)) // ['quote']
   * ```
   */
  static methodsOf(serviceClass: abstract new () => VendorRpcService): readonly string[] {
    const names: string[] = []
    for (
      let proto: object | null = brandedPrototype(
        serviceClass,
        SERVICE_BRAND,
        'VendorRpcService',
        'VendorRpcService.methodsOf',
      );
      proto != null;
      proto = Object.getPrototypeOf(proto) as object | null
    ) {
      if (Object.hasOwn(proto, SERVICE_BRAND)) break
      const own = Object.getOwnPropertyNames(proto).filter(
        (name) =>
          name !== 'constructor' &&
          !names.includes(name) &&
          typeof Object.getOwnPropertyDescriptor(proto, name)?.value === 'function',
      )
      names.unshift(...own)
    }
    return Object.freeze(names)
  }
}
