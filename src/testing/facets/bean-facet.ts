import type { Class } from '../../model/java-types.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import { NoSuchBeanDefinitionException } from '../../errors/no-such-bean-definition-exception.js'
import type { BeanRuntime } from '../../runtime-contract/facets.js'
import type { ContextStore } from '../host/host-context.js'
import { PLATFORM_ADAPTER } from '../plugins/plugin-manifest.js'
import type { PluginRegistry } from '../plugins/plugin-registry.js'

/**
 * The host side of `BeanContainer`: resolves the beans the host and the loaded plugins registered (plugin
 * components included) by `instanceof`. Plugin code whose manifest lacks `PlatformAdapter` in
 * `dependsOnPlugins` is refused, as on the platform; test code outside any plugin is not checked.
 */
export class BeanFacet implements BeanRuntime {
  readonly #contexts: ContextStore
  readonly #plugins: PluginRegistry

  constructor(contexts: ContextStore, plugins: PluginRegistry) {
    this.#contexts = contexts
    this.#plugins = plugins
  }

  getBean<T>(type: Class<T>): T {
    const found = this.getBeansOfType(type)
    if (found.length === 1) return found[0] as T
    const name = typeName(type)
    if (found.length === 0) {
      throw new NoSuchBeanDefinitionException(
        name,
        'no bean of this type is registered. Register one in the test host (createTestHost({ beans: [...] })) or in a plugin (host.loadPlugin({ ..., beans: [...] })).',
      )
    }
    throw new NoSuchBeanDefinitionException(
      name,
      `expected a single matching bean but found ${found.length}: ${(found as object[]).map(beanName).join(', ')}. ` +
        'Ask for a more specific type, or use BeanContainer.getBeansOfType to get them all.',
    )
  }

  getBeansOfType<T>(type: Class<T>): T[] {
    if (typeof type !== 'function') {
      throw new IllegalArgumentException(
        `BeanContainer needs a class to look beans up by, got ${type === null ? 'null' : typeof type}.`,
      )
    }
    this.#checkPlatformAdapter()
    const beans = new Set<object>(this.#plugins.beans().map(([bean]) => bean))
    return [...beans].filter((bean) => bean instanceof (type as unknown as abstract new () => unknown)) as T[]
  }

  #checkPlatformAdapter(): void {
    const plugin = this.#contexts.current().plugin
    if (plugin === null) return
    const manifest = this.#plugins.manifest(plugin)
    if (manifest !== undefined && !manifest.dependsOnPlugins.includes(PLATFORM_ADAPTER)) {
      throw new IllegalStateException(
        `BeanContainer needs the built-in plugin ${PLATFORM_ADAPTER}, and plugin '${plugin}' does not list it in dependsOnPlugins. ` +
          `Add "${PLATFORM_ADAPTER}" to vendorPlugin.dependsOnPlugins in the plugin's package.json.`,
      )
    }
  }
}

function typeName(type: Class<unknown>): string {
  return typeof type.name === 'string' && type.name !== '' ? type.name : 'anonymous class'
}

function beanName(bean: object): string {
  const name = (bean.constructor as { name?: unknown } | undefined)?.name
  return typeof name === 'string' && name !== '' ? name : 'an object'
}
