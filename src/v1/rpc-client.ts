import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'
import { DynamicRpcClientService } from './dynamic-rpc-client-service.js'
import { checkServiceName } from './rpc-names.js'

/**
 * What `RpcClient(serviceName)` returns: a standard (TC39) class field decorator that initialises the field
 * with a client of the service.
 *
 * @example
 * ```ts
 * import { RpcClient, type RpcClientDecorator } from '@tech-vendor/api/v1'
 *
 * const pricing: RpcClientDecorator = RpcClient('pricing')
 * ```
 */
export type RpcClientDecorator = <This, T extends object>(
  value: undefined,
  context: ClassFieldDecoratorContext<This, T>,
) => (this: This, initialValue: T) => T

/**
 * Gives a class field a client of the dynamic RPC service `serviceName` (1.0.0 series only; the Java
 * `@RpcClient` annotation). Calling `this.field.someMethod(...args)` goes through
 * `DynamicRpcClientService.invoke(serviceName, 'someMethod', ...args)`.
 *
 * The client is lazy: constructing the class needs no runtime (a plain unit test can construct it), and the
 * runtime is reached only when a method is called. Declare the field without an initialiser, with `!`.
 * A standard (TC39) decorator: compile with TypeScript 5 or later without `experimentalDecorators`.
 *
 * @param serviceName - The service's name (its `serviceName`, or its class name).
 * @returns The field decorator.
 * @throws {@link IllegalArgumentException} when `serviceName` is not a non-empty string without spaces;
 * when the class is defined, when it decorates anything but a field; when the class is constructed, when
 * the field has an initialiser.
 * @see {@link DynamicRpcClientService.getClient}, the same client without a field.
 * @example
 * ```ts
 * import { RpcClient, VendorPlatformComponent } from '@tech-vendor/api/v1'
 *
 * interface OrderTotals {
 *   openCount(): number
 * }
 *
 * class Dashboard extends VendorPlatformComponent {
 *   @RpcClient('orderTotals')
 *   totals!: OrderTotals
 *
 *   override onLoad(): void {
 *     console.log('open orders:', this.totals.openCount())
 *   }
 * }
 * ```
 */
export function RpcClient(serviceName: string): RpcClientDecorator {
  const name = checkServiceName(serviceName, '@RpcClient(serviceName)')
  return <This, T extends object>(_value: undefined, context: ClassFieldDecoratorContext<This, T>) => {
    const field = `@RpcClient(${JSON.stringify(name)}) on ${String(context.name)}`
    if (context.kind !== 'field') {
      throw new IllegalArgumentException(
        `${field}: @RpcClient decorates a class field, not ${/^[aeiou]/.test(String(context.kind)) ? 'an' : 'a'} ${String(context.kind)}.`,
      )
    }
    return (initialValue: T): T => {
      if (initialValue !== undefined) {
        throw new IllegalArgumentException(
          `${field}: the field has an initialiser; remove it, @RpcClient sets the field.`,
        )
      }
      return DynamicRpcClientService.getClient<T>(name)
    }
  }
}
