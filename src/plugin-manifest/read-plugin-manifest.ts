import type { LibraryLine } from '../runtime-contract/runtime-description.js'
import {
  DEFAULT_API_VERSION,
  PLATFORM_ADAPTER,
  type ManifestReading,
  type PluginManifestFields,
} from './plugin-manifest-fields.js'

const LIBRARY_LINES: readonly LibraryLine[] = ['0.0.5', '1.0.0']

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** What a manifest read from a `package.json` falls back to: the package's own `name` and `version`. */
export interface ManifestFallback {
  readonly name?: unknown
  readonly version?: unknown
}

/**
 * Checks a manifest object and applies the defaults: `name` and `version` fall back to `fallback` (the
 * package's), `apiVersion` to `'0.0.5'`, `dependsOnPlugins` to none. Pure: the caller turns the problems into
 * its own error.
 *
 * @param manifest - The manifest as given (the `vendorPlugin` field, or an object passed directly).
 * @param fallback - The package's `name` and `version`, when the manifest comes from a `package.json`.
 * @returns The frozen manifest, or every problem found.
 */
export function readPluginManifest(manifest: unknown, fallback?: ManifestFallback): ManifestReading {
  if (!isRecord(manifest)) {
    return {
      ok: false,
      problems: ['the manifest must be an object { name, version, apiVersion, dependsOnPlugins }'],
    }
  }
  const fromPackage = fallback === undefined ? '' : " (it defaults to the package's)"
  const name = manifest['name'] ?? fallback?.name
  const version = manifest['version'] ?? fallback?.version
  const apiVersion = manifest['apiVersion'] ?? DEFAULT_API_VERSION
  const depends = manifest['dependsOnPlugins'] ?? []
  const problems: string[] = []
  if (typeof name !== 'string' || name.trim() === '')
    problems.push(`name must be a non-empty string${fromPackage}`)
  else if (name === PLATFORM_ADAPTER)
    problems.push(`name ${PLATFORM_ADAPTER} is the platform's built-in plugin: choose another name`)
  if (typeof version !== 'string' || version.trim() === '')
    problems.push(`version must be a non-empty string${fromPackage}`)
  if (!LIBRARY_LINES.includes(apiVersion as LibraryLine)) {
    problems.push(
      `apiVersion must be '0.0.5' or '1.0.0' (the library line the plugin is built against; '0.0.5' when left out), got ${JSON.stringify(apiVersion)}`,
    )
  }
  if (!Array.isArray(depends) || depends.some((d) => typeof d !== 'string' || d === '')) {
    problems.push('dependsOnPlugins must be an array of plugin names, such as ["PlatformAdapter"]')
  }
  if (problems.length > 0) return { ok: false, problems }
  const read: PluginManifestFields = {
    name: name as string,
    version: version as string,
    apiVersion: apiVersion as LibraryLine,
    dependsOnPlugins: Object.freeze([...(depends as string[])]),
  }
  return { ok: true, manifest: Object.freeze(read) }
}

/**
 * Reads the manifest of a parsed `package.json`: its `vendorPlugin` field, with `name` and `version` falling
 * back to the package's.
 *
 * @returns `undefined` when the value is not an object or has no `vendorPlugin` field; else what
 * {@link readPluginManifest} gives.
 */
export function readPackageManifest(packageJson: unknown): ManifestReading | undefined {
  if (!isRecord(packageJson) || packageJson['vendorPlugin'] === undefined) return undefined
  return readPluginManifest(packageJson['vendorPlugin'], {
    name: packageJson['name'],
    version: packageJson['version'],
  })
}
