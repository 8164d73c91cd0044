import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import type { AsyncFacet } from '../facets/async-facet.js'
import type { ContextStore } from '../host/host-context.js'
import {
  PLATFORM_ADAPTER,
  checkManifest,
  manifestFromDirectory,
  manifestFromPackageJson,
  type PluginManifest,
} from './plugin-manifest.js'

/**
 * A component of a plugin: a class the host constructs at each load (as the platform does, with no
 * argument), or an instance to reuse. Its optional `onLoad()` runs when the plugin loads and at every reload;
 * its optional `offLoad()` when it unloads.
 *
 * @example
 * ```ts
 * import { VendorPlatformComponent } from '@tech-vendor/api'
 * import type { PluginComponent } from '@tech-vendor/api/testing'
 *
 * class Startup extends VendorPlatformComponent {
 *   override onLoad(): void {}
 * }
 * const components: PluginComponent[] = [Startup, { onLoad: () => console.log('loaded') }]
 * ```
 */
export type PluginComponent =
  | (new () => object)
  | {
      /** Runs when the plugin loads and at every reload; must be repeatable. */
      onLoad?(): unknown
      /** Runs when the plugin unloads. */
      offLoad?(): unknown
    }

/**
 * What `host.loadPlugin` loads: the manifest (given directly, as a parsed `package.json` with a
 * `vendorPlugin` field, or as the directory holding that `package.json`), the components, and the beans the
 * plugin registers.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs'
 * import type { PluginDefinition } from '@tech-vendor/api/testing'
 *
 * const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as object
 *
 * declare class OrdersComponent { onLoad(): void }
 * const plugin: PluginDefinition = { packageJson, components: [OrdersComponent] }
 * ```
 */
export interface PluginDefinition {
  /** The manifest itself: `{ name, version, dependsOnPlugins }`. */
  readonly manifest?: {
    /** The plugin's name, unique among loaded plugins. */
    readonly name: string
    /** The plugin's version. */
    readonly version: string
    /** The plugins that must be loaded first (default none); list `PlatformAdapter` to use `BeanContainer`. */
    readonly dependsOnPlugins?: readonly string[]
    /** The library line the plugin is written against: `0.0.5` or `1.0.0`. */
    readonly apiVersion?: string
  }
  /** A parsed `package.json`; the manifest is its `vendorPlugin` field. */
  readonly packageJson?: object
  /** A directory whose `package.json` holds the manifest in its `vendorPlugin` field. */
  readonly directory?: string
  /** The `VendorPlatformComponent`s, as classes or instances. */
  readonly components?: readonly PluginComponent[]
  /** Beans the plugin registers, which `BeanContainer` resolves while the plugin is loaded. */
  readonly beans?: readonly object[]
}

/**
 * A plugin loaded in a test host.
 *
 * @example
 * ```ts
 * import type { LoadedPlugin, TestHost } from '@tech-vendor/api/testing'
 *
 * declare const host: TestHost
 * const plugin: LoadedPlugin = host.loadPlugin({ manifest: { name: 'orders', version: '1.0.0' } })
 * console.log(plugin.manifest.dependsOnPlugins)
 * ```
 */
export interface LoadedPlugin {
  /** The plugin's manifest. */
  readonly manifest: PluginManifest
  /** The component instances of the current load. */
  readonly components: readonly object[]
}

interface PluginState extends LoadedPlugin {
  readonly definition: PluginDefinition
  readonly beans: readonly object[]
}

/** Loads, unloads and reloads plugins, running their code in their own context. */
export class PluginRegistry {
  readonly #contexts: ContextStore
  readonly #async: AsyncFacet
  readonly #tenant: string
  readonly #hostBeans: readonly object[]
  readonly #plugins = new Map<string, PluginState>()

  constructor(
    contexts: ContextStore,
    async: AsyncFacet,
    defaultTenant: string,
    hostBeans: readonly object[],
  ) {
    this.#contexts = contexts
    this.#async = async
    this.#tenant = defaultTenant
    this.#hostBeans = hostBeans
  }

  load(definition: PluginDefinition): LoadedPlugin {
    const manifest = readManifest(definition)
    if (this.#plugins.has(manifest.name)) {
      throw new IllegalStateException(
        `Plugin '${manifest.name}' is already loaded. Reload it with host.reloadPlugin('${manifest.name}'), or unload it first.`,
      )
    }
    const missing = manifest.dependsOnPlugins.filter((d) => d !== PLATFORM_ADAPTER && !this.#plugins.has(d))
    if (missing.length > 0) {
      throw new IllegalStateException(
        `Plugin '${manifest.name}' depends on ${missing.map((m) => `'${m}'`).join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not loaded. ` +
          `Load ${missing.length === 1 ? 'it' : 'them'} first (PlatformAdapter is built in).`,
      )
    }
    const components = definition.components ?? []
    if (!Array.isArray(components))
      throw new IllegalArgumentException('loadPlugin expects components as an array of classes or instances.')
    const beans = definition.beans ?? []
    if (!Array.isArray(beans) || beans.some((b) => typeof b !== 'object' || b === null)) {
      throw new IllegalArgumentException('loadPlugin expects beans as an array of objects.')
    }
    return this.#start(manifest, definition, components, beans)
  }

  unload(name: string): void {
    const plugin = this.#require(name)
    const dependents = [...this.#plugins.values()]
      .filter((p) => p.manifest.dependsOnPlugins.includes(name))
      .map((p) => p.manifest.name)
    if (dependents.length > 0) {
      throw new IllegalStateException(
        `Plugin '${name}' cannot be unloaded while ${dependents.map((d) => `'${d}'`).join(', ')} depend${dependents.length === 1 ? 's' : ''} on it; unload ${dependents.length === 1 ? 'it' : 'them'} first.`,
      )
    }
    this.#stop(plugin)
  }

  reload(name: string): LoadedPlugin {
    const plugin = this.#require(name)
    this.#stop(plugin)
    const { definition } = plugin
    return this.#start(plugin.manifest, definition, definition.components ?? [], definition.beans ?? [])
  }

  /** Whether a plugin of that name is loaded (`PlatformAdapter` always is). */
  isLoaded(name: string): boolean {
    return name === PLATFORM_ADAPTER || this.#plugins.has(name)
  }

  /** The manifest of a loaded plugin. */
  manifest(name: string): PluginManifest | undefined {
    return this.#plugins.get(name)?.manifest
  }

  /** Every loaded plugin. */
  list(): LoadedPlugin[] {
    return [...this.#plugins.values()].map(({ manifest, components }) => ({ manifest, components }))
  }

  /**
   * The beans the host (`options.beans`, first) and the loaded plugins (their components included) registered,
   * with the plugin that registered each (`null` for the host).
   */
  beans(): [bean: object, plugin: string | null][] {
    const owned: [object, string | null][] = this.#hostBeans.map((bean) => [bean, null])
    for (const plugin of this.#plugins.values()) {
      for (const bean of [...plugin.beans, ...plugin.components]) owned.push([bean, plugin.manifest.name])
    }
    return owned
  }

  #start(
    manifest: PluginManifest,
    definition: PluginDefinition,
    components: readonly PluginComponent[],
    beans: readonly object[],
  ): LoadedPlugin {
    const context = this.#contexts.fresh({ tenant: this.#tenant, user: null, plugin: manifest.name })
    const instances: object[] = []
    const loaded: object[] = []
    const state: PluginState = {
      manifest,
      definition,
      components: instances,
      beans: Object.freeze([...beans]),
    }
    // Registered before onLoad runs, so that its code can resolve the plugin's own beans.
    this.#plugins.set(manifest.name, state)
    try {
      this.#contexts.run(context, () => {
        for (const [index, component] of components.entries())
          instances.push(instantiate(component, manifest.name, index))
        for (const instance of instances) {
          const onLoad = (instance as { onLoad?: unknown }).onLoad
          if (typeof onLoad === 'function') this.#async.track(onLoad.call(instance))
          loaded.push(instance)
        }
      })
    } catch (error) {
      // The platform does not start a plugin whose onLoad fails: undo what loaded.
      this.#stop({ ...state, components: loaded })
      throw error
    }
    Object.freeze(instances)
    return { manifest, components: instances }
  }

  #stop(plugin: PluginState): void {
    const context = this.#contexts.fresh({ tenant: this.#tenant, user: null, plugin: plugin.manifest.name })
    try {
      this.#contexts.run(context, () => {
        for (const instance of [...plugin.components].reverse()) {
          const offLoad = (instance as { offLoad?: unknown }).offLoad
          if (typeof offLoad === 'function') this.#async.track(offLoad.call(instance))
        }
      })
    } finally {
      this.#async.cancelPlugin(plugin.manifest.name)
      this.#plugins.delete(plugin.manifest.name)
    }
  }

  #require(name: string): PluginState {
    const plugin = this.#plugins.get(name)
    if (plugin === undefined) {
      const loaded = [...this.#plugins.keys()]
      throw new IllegalArgumentException(
        `No plugin '${String(name)}' is loaded${loaded.length === 0 ? '' : ` (loaded: ${loaded.join(', ')})`}. Load it with host.loadPlugin(...).`,
      )
    }
    return plugin
  }
}

function readManifest(definition: PluginDefinition): PluginManifest {
  if (typeof definition !== 'object' || definition === null) {
    throw new IllegalArgumentException(
      'loadPlugin expects { manifest | packageJson | directory, components?, beans? }.',
    )
  }
  const given = (['manifest', 'packageJson', 'directory'] as const).filter((k) => definition[k] !== undefined)
  if (given.length !== 1) {
    throw new IllegalArgumentException(
      `loadPlugin needs exactly one of manifest, packageJson or directory to read the plugin manifest from, got ${given.length === 0 ? 'none' : given.join(' and ')}.`,
    )
  }
  if (definition.manifest !== undefined) return checkManifest(definition.manifest)
  if (definition.packageJson !== undefined) return manifestFromPackageJson(definition.packageJson)
  return manifestFromDirectory(definition.directory as string)
}

function instantiate(component: PluginComponent, plugin: string, index: number): object {
  if (typeof component === 'function') return new component()
  if (typeof component === 'object' && component !== null) return component
  throw new IllegalArgumentException(
    `Plugin '${plugin}': components[${index}] must be a VendorPlatformComponent class or instance, got ${component === null ? 'null' : typeof component}.`,
  )
}
