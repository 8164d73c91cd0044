import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import type { LibraryLine } from '../runtime-contract/runtime-description.js'
import { findUp } from './find-up.js'
import { UsageError } from './usage-error.js'

/** The `vendorPlugin` field of a plugin's `package.json`, as the checker reads it. */
export interface PluginManifest {
  readonly name: string
  readonly version: string
  /** The library line the plugin is built against. */
  readonly apiVersion: LibraryLine
  /** The plugins this one depends on; `PlatformAdapter` is needed for `BeanContainer`. */
  readonly dependsOnPlugins: readonly string[]
  /** The `package.json` it came from. */
  readonly path: string
}

const EXAMPLE = `"vendorPlugin": { "name": "my-plugin", "version": "1.0.0", "apiVersion": "0.0.5", "dependsOnPlugins": ["PlatformAdapter"] }`

/**
 * Reads the plugin manifest from the `vendorPlugin` field of the nearest `package.json` at or above
 * `directory`; messages name files relative to `cwd`.
 *
 * @throws {@link UsageError} when there is no `package.json`, it is not JSON, it has no `vendorPlugin`, or a
 * field is missing or has the wrong type; the message names the file, the field and an example.
 */
export function readPluginManifest(directory: string, cwd: string = directory): PluginManifest {
  const path = findUp(directory, 'package.json')
  if (path === undefined) {
    throw new UsageError(
      `No package.json found at or above ${relative(cwd, directory) || '.'}. The plugin's package.json must hold its manifest: ${EXAMPLE}`,
    )
  }
  const shown = relative(cwd, path)
  let json: unknown
  try {
    json = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new UsageError(`${shown} is not valid JSON (${(error as Error).message}).`)
  }
  const manifest = (json as { vendorPlugin?: unknown } | null)?.vendorPlugin
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) {
    throw new UsageError(`${shown} has no vendorPlugin manifest. Add one to it: ${EXAMPLE}`)
  }
  const m = manifest as Record<string, unknown>
  const problems: string[] = []
  if (typeof m['name'] !== 'string' || m['name'] === '') problems.push('name must be a non-empty string')
  if (typeof m['version'] !== 'string' || m['version'] === '')
    problems.push('version must be a non-empty string')
  if (m['apiVersion'] !== '0.0.5' && m['apiVersion'] !== '1.0.0') {
    problems.push(
      `apiVersion must be '0.0.5' or '1.0.0' (the library line the plugin is built against), got ${JSON.stringify(m['apiVersion'])}`,
    )
  }
  const depends = m['dependsOnPlugins'] ?? []
  if (!Array.isArray(depends) || depends.some((d) => typeof d !== 'string')) {
    problems.push('dependsOnPlugins must be an array of plugin names')
  }
  if (problems.length > 0) {
    throw new UsageError(
      `${shown} has an invalid vendorPlugin manifest:\n  - ${problems.join('\n  - ')}\nExample: ${EXAMPLE}`,
    )
  }
  return Object.freeze({
    name: m['name'] as string,
    version: m['version'] as string,
    apiVersion: m['apiVersion'] as LibraryLine,
    dependsOnPlugins: Object.freeze([...(depends as string[])]),
    path,
  })
}
