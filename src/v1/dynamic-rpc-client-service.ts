import { checkedFacet, LINKED, type FacadeClass } from '../runtime-contract/dispatch.js'
import { members } from '../runtime-contract/members.js'
import { createRpcClient } from './rpc-client-proxy.js'
import { checkMethodName, checkServiceName } from './rpc-names.js'

/**
 * Calls dynamic RPC services by name (1.0.0 series only; absent from 0.0.5): the services other plugins
 * expose by extending {@link VendorRpcService}. The platform finds the service registered under the name
 * and calls the method in-process, synchronously, and returns its result.
 *
 * @see {@link RpcClient}, the field decorator that gives a typed client.
 * @example
 * ```ts
 * import { DynamicRpcClientService } from '@tech-vendor/api/v1'
 *
 * interface OrderTotals {
 *   openCount(): number
 * }
 *
 * const totals = DynamicRpcClientService.getClient<OrderTotals>('orderTotals')
 * console.log(totals.openCount())
 * ```
 */
export class DynamicRpcClientService {
  private constructor() {}

  /**
   * Calls `method` of the RPC service registered as `serviceName` with `args`, and returns its result.
   *
   * @param serviceName - The service's name (its `serviceName`, or its class name).
   * @param method - The method to call.
   * @param args - The method's arguments; plain data.
   * @returns What the method returned.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @throws {@link MissingMethodException} (`dynamic` linkage) or {@link NoSuchMethodError} (`static`
   * linkage) when the bound runtime has no dynamic RPC, as a 0.0.5 runtime does not.
   * @throws {@link IllegalArgumentException} when `serviceName` or `method` is not a non-empty string without spaces.
   * @see {@link DynamicRpcClientService.getClient}
   * @example
   * ```ts
   * import { DynamicRpcClientService } from '@tech-vendor/api/v1'
   *
   * const price = DynamicRpcClientService.invoke('pricing', 'quote', 'SKU-1', 3) as number
   * ```
   */
  static invoke(serviceName: string, method: string, ...args: unknown[]): unknown {
    // Reported as Java's invoke(String, String, Object[]) when the runtime lacks it.
    const facet =
      (this as FacadeClass)?.[LINKED]?.rpcInvoke ??
      checkedFacet(members.rpcInvoke, [serviceName, method, args], DynamicRpcClientService)
    checkServiceName(serviceName, 'DynamicRpcClientService.invoke(serviceName, method, args)')
    checkMethodName(method, 'DynamicRpcClientService.invoke(serviceName, method, args)')
    return facet.invoke(serviceName, method, args)
  }

  /**
   * A client of the service registered as `serviceName`: calling `client.someMethod(...args)` is
   * `DynamicRpcClientService.invoke(serviceName, 'someMethod', ...args)`. Getting the client needs no
   * runtime; each call needs one. Methods named `then`, `toJSON`, `constructor`, `toString` or `valueOf`
   * are answered by the client itself (so that it is not mistaken for a promise); call those with
   * {@link DynamicRpcClientService.invoke}.
   *
   * @typeParam T - The service's methods, as the caller declares them (the service class itself will do).
   * @param serviceName - The service's name.
   * @returns The client.
   * @throws {@link IllegalArgumentException} when `serviceName` is not a non-empty string without spaces.
   * @see {@link RpcClient}, which puts such a client in a field.
   * @example
   * ```ts
   * import { DynamicRpcClientService, VendorRpcService } from '@tech-vendor/api/v1'
   *
   * declare class Pricing extends VendorRpcService {
   *   quote(sku: string, quantity: number): number
   * }
   *
   * const pricing = DynamicRpcClientService.getClient<Pricing>('pricing')
   * const price: number = pricing.quote('SKU-1', 3)
   * ```
   */
  static getClient<T extends object = Record<string, (...args: never[]) => unknown>>(serviceName: string): T {
    const name = checkServiceName(serviceName, 'DynamicRpcClientService.getClient(serviceName)')
    return createRpcClient<T>(name, (method, args) => DynamicRpcClientService.invoke(name, method, ...args))
  }
}
