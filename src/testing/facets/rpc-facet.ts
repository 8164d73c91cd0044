import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import type { RpcRuntime } from '../../runtime-contract/facets.js'
import { VendorRpcService } from '../../v1/vendor-rpc-service.js'
import type { ContextStore } from '../host/host-context.js'
import type { PluginRegistry } from '../plugins/plugin-registry.js'

/**
 * The host side of 1.0.0-series dynamic RPC: calls a method of a `VendorRpcService` that the host
 * (`options.beans`) or a loaded plugin (its beans or components) registered, found by service name. The call
 * runs as the caller's tenant and user, in the context of the plugin that registered the service.
 */
export class RpcFacet implements RpcRuntime {
  readonly #contexts: ContextStore
  readonly #plugins: PluginRegistry

  constructor(contexts: ContextStore, plugins: PluginRegistry) {
    this.#contexts = contexts
    this.#plugins = plugins
  }

  invoke(serviceName: string, method: string, args: readonly unknown[]): unknown {
    const services = new Map<string, [object, string | null]>()
    for (const [bean, owner] of this.#plugins.beans()) {
      if (bean instanceof VendorRpcService) {
        services.set(VendorRpcService.serviceNameOf(bean.constructor as new () => VendorRpcService), [
          bean,
          owner,
        ])
      }
    }
    const found = services.get(serviceName)
    if (found === undefined) {
      throw new IllegalStateException(
        `No RPC service '${serviceName}' is registered${services.size === 0 ? '' : ` (registered: ${[...services.keys()].join(', ')})`}. ` +
          'Register a VendorRpcService instance in createTestHost({ beans }) or in a plugin (loadPlugin({ beans }) or its components).',
      )
    }
    const [service, owner] = found
    const methods = VendorRpcService.methodsOf(service.constructor as new () => VendorRpcService)
    if (!methods.includes(method)) {
      throw new IllegalArgumentException(
        `RPC service '${serviceName}' has no method '${method}'; its methods are: ${methods.join(', ') || 'none'}.`,
      )
    }
    const { tenant, user } = this.#contexts.current()
    const fn = (service as Record<string, (...a: unknown[]) => unknown>)[method] as (
      ...a: unknown[]
    ) => unknown
    return this.#contexts.run(this.#contexts.fresh({ tenant, user, plugin: owner }), () =>
      fn.apply(service, [...args]),
    )
  }
}
