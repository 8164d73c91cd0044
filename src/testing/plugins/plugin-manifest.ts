import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import type { ManifestReading } from '../../plugin-manifest/plugin-manifest-fields.js'
import { readPackageManifest, readPluginManifest } from '../../plugin-manifest/read-plugin-manifest.js'
import type { LibraryLine } from '../../runtime-contract/runtime-description.js'
import { isPlainRecord } from '../domains/is-plain-record.js'

export { PLATFORM_ADAPTER } from '../../plugin-manifest/plugin-manifest-fields.js'

/**
 * What a plugin says of itself: the `vendorPlugin` field of its `package.json`, with `name` and `version`
 * falling back to the package's own.
 *
 * @example
 * ```ts
 * import type { PluginManifest } from '@tech-vendor/api/testing'
 *
 * const manifest: PluginManifest = { name: 'orders', version: '1.2.0', dependsOnPlugins: ['PlatformAdapter'] }
 * ```
 */
export interface PluginManifest {
  /** The plugin's name, unique among loaded plugins. */
  readonly name: string
  /** The plugin's version. */
  readonly version: string
  /** The library line the plugin is written against (`0.0.5` when not given). */
  readonly apiVersion?: LibraryLine
  /** The plugins that must be loaded first; `PlatformAdapter` is built in and needed for `BeanContainer`. */
  readonly dependsOnPlugins: readonly string[]
}

/** The manifest a reading gave, or the host's error naming every problem. */
function manifestOrThrow(reading: ManifestReading, source: string): PluginManifest {
  if (reading.ok) return reading.manifest
  throw new IllegalArgumentException(
    `The plugin ${source} is invalid:\n  - ${reading.problems.join('\n  - ')}`,
  )
}

/**
 * Reads a manifest from a parsed `package.json`: its `vendorPlugin` field, with `name` and `version`
 * falling back to the package's.
 *
 * @throws {@link IllegalArgumentException} naming every problem of the manifest.
 */
export function manifestFromPackageJson(packageJson: unknown, source = 'package.json'): PluginManifest {
  if (!isPlainRecord(packageJson)) {
    throw new IllegalArgumentException(`${source} must hold a JSON object with a vendorPlugin field.`)
  }
  const reading = readPackageManifest(packageJson)
  if (reading === undefined) {
    throw new IllegalArgumentException(
      `${source} has no vendorPlugin field: add "vendorPlugin": { "dependsOnPlugins": ["PlatformAdapter"] } ` +
        "(name and version default to the package name and version, apiVersion to '0.0.5').",
    )
  }
  return manifestOrThrow(reading, `${source} (vendorPlugin)`)
}

/** Reads `<directory>/package.json` and its `vendorPlugin` manifest. */
export function manifestFromDirectory(directory: string): PluginManifest {
  const path = join(directory, 'package.json')
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new IllegalArgumentException(
      `Cannot read the plugin manifest ${path}: ${(error as Error).message}`,
      { cause: error },
    )
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new IllegalArgumentException(`${path} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    })
  }
  return manifestFromPackageJson(parsed, path)
}

/**
 * Checks a manifest given directly and returns a frozen copy with the defaults applied.
 *
 * @throws {@link IllegalArgumentException} naming every problem.
 */
export function checkManifest(manifest: unknown, source = 'manifest'): PluginManifest {
  return manifestOrThrow(readPluginManifest(manifest), source)
}
