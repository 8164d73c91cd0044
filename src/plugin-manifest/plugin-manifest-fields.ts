import type { LibraryLine } from '../runtime-contract/runtime-description.js'

/** The built-in plugin that `BeanContainer` needs in `dependsOnPlugins`; the platform always loads it. */
export const PLATFORM_ADAPTER = 'PlatformAdapter'

/** The library line a manifest without `apiVersion` targets: the plugin template's default. */
export const DEFAULT_API_VERSION: LibraryLine = '0.0.5'

/**
 * A plugin's manifest with every default applied, as the reference host and `vendor-api check` both read it
 * from the `vendorPlugin` field of the plugin's `package.json`.
 */
export interface PluginManifestFields {
  /** The plugin's name, unique among loaded plugins; defaults to the package's name. */
  readonly name: string
  /** The plugin's version; defaults to the package's version. */
  readonly version: string
  /** The library line the plugin is built against; defaults to {@link DEFAULT_API_VERSION}. */
  readonly apiVersion: LibraryLine
  /** The plugins that must be loaded first (default none); `PlatformAdapter` is needed for `BeanContainer`. */
  readonly dependsOnPlugins: readonly string[]
}

/** What reading a manifest gave: the manifest, or every problem found in it (each a short sentence). */
export type ManifestReading =
  | { readonly ok: true; readonly manifest: PluginManifestFields }
  | { readonly ok: false; readonly problems: readonly string[] }
