import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import type { LibraryLine } from '../../runtime-contract/runtime-description.js'
import { isPlainRecord } from '../domains/is-plain-record.js'

/** The built-in plugin that `BeanContainer` needs in `dependsOnPlugins`; always loaded. */
export const PLATFORM_ADAPTER = 'PlatformAdapter'

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
  const plugin = packageJson['vendorPlugin']
  if (!isPlainRecord(plugin)) {
    throw new IllegalArgumentException(
      `${source} has no vendorPlugin field: add "vendorPlugin": { "dependsOnPlugins": ["PlatformAdapter"] } ` +
        '(name and version default to the package name and version).',
    )
  }
  return checkManifest(
    {
      ...plugin,
      name: plugin['name'] ?? packageJson['name'],
      version: plugin['version'] ?? packageJson['version'],
    },
    `${source} (vendorPlugin)`,
  )
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
 * Checks a manifest given directly and returns a frozen copy.
 *
 * @throws {@link IllegalArgumentException} naming every problem.
 */
export function checkManifest(manifest: unknown, source = 'manifest'): PluginManifest {
  if (!isPlainRecord(manifest)) {
    throw new IllegalArgumentException(
      `The plugin ${source} must be an object { name, version, dependsOnPlugins }.`,
    )
  }
  const { name, version, apiVersion, dependsOnPlugins } = manifest
  const problems: string[] = []
  if (typeof name !== 'string' || name.trim() === '') problems.push('name must be a non-empty string')
  else if (name === PLATFORM_ADAPTER)
    problems.push(`name ${PLATFORM_ADAPTER} is the platform's built-in plugin`)
  if (typeof version !== 'string' || version.trim() === '')
    problems.push('version must be a non-empty string')
  if (apiVersion !== undefined && apiVersion !== '0.0.5' && apiVersion !== '1.0.0') {
    problems.push(`apiVersion must be '0.0.5' or '1.0.0', got ${JSON.stringify(apiVersion)}`)
  }
  const depends = dependsOnPlugins ?? []
  if (!Array.isArray(depends) || depends.some((d) => typeof d !== 'string' || d === '')) {
    problems.push('dependsOnPlugins must be an array of plugin names, such as ["PlatformAdapter"]')
  }
  if (problems.length > 0) {
    throw new IllegalArgumentException(`The plugin ${source} is invalid:\n  - ${problems.join('\n  - ')}`)
  }
  return Object.freeze({
    name: name as string,
    version: version as string,
    ...(apiVersion === undefined ? {} : { apiVersion: apiVersion as LibraryLine }),
    dependsOnPlugins: Object.freeze([...(depends as string[])]),
  })
}
