import type { PluginManifestFields } from '../plugin-manifest/plugin-manifest-fields.js'
import type { Linkage } from '../runtime-contract/runtime-description.js'

/** The platform runtime the member table describes. */
export const TARGET_RUNTIME = '1.0.0-beta18'

/** A plugin manifest and the `package.json` it was read from. */
export interface LocatedManifest extends PluginManifestFields {
  /** The absolute path of the `package.json`. */
  readonly path: string
}

/** What a checked file is checked against: its plugin's manifest, and how the plugin is linked. */
export interface PluginTarget {
  readonly manifest: LocatedManifest
  /** The manifest's `package.json` as findings name it (relative to the working directory). */
  readonly manifestFile: string
  readonly linkage: Linkage
}
