import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { readPackageManifest } from '../plugin-manifest/read-plugin-manifest.js'
import { findUp } from './find-up.js'
import { nearMiss } from './near-miss.js'
import type { LocatedManifest } from './plugin-target.js'
import { UsageError } from './usage-error.js'

/** A manifest to show in messages: every field, the defaults included. */
/** The fields of a `vendorPlugin` manifest; any other is ignored by the reader, so likely a typo. */
const MANIFEST_KEYS = ['name', 'version', 'apiVersion', 'dependsOnPlugins']

const MANIFEST_EXAMPLE = `"vendorPlugin": { "name": "my-plugin", "version": "1.0.0", "apiVersion": "0.0.5", "dependsOnPlugins": ["PlatformAdapter"] }`

/**
 * Finds the plugin manifest of each checked file: the `vendorPlugin` field of the nearest `package.json` at
 * or above the file that has one, so that in a monorepo each file is checked against its own plugin's
 * manifest. A `package.json` without the field (a nested `{ "type": "module" }`, a workspace root) is passed
 * over. Directories and `package.json` files are read once.
 */
export class PluginManifests {
  readonly #cwd: string
  readonly #warn: (message: string) => void
  readonly #byDirectory = new Map<string, LocatedManifest | undefined>()
  readonly #packages = new Map<string, unknown>()
  /** The `package.json` files met that are not JSON, with the parser's message. */
  readonly #unreadable = new Map<string, string>()

  /**
   * @param cwd - Messages name files relative to it.
   * @param warn - Told of what is read but likely wrong (a manifest key it does not know), once per file.
   */
  constructor(cwd: string, warn: (message: string) => void = () => undefined) {
    this.#cwd = cwd
    this.#warn = warn
  }

  /**
   * The manifest of the plugin `fileName` belongs to, or `undefined` when no `package.json` at or above it
   * has a `vendorPlugin` field.
   *
   * @throws {@link UsageError} when the manifest is invalid.
   */
  of(fileName: string): LocatedManifest | undefined {
    return this.#at(dirname(resolve(fileName)))
  }

  /**
   * Why `fileName` has no manifest, and what to add: for the usage error of a file that no plugin covers.
   */
  missing(fileName: string): string {
    const shown = (path: string): string => relative(this.#cwd, path) || '.'
    const nearest = findUp(dirname(resolve(fileName)), 'package.json')
    const unreadable = nearest === undefined ? undefined : this.#unreadable.get(nearest)
    if (nearest !== undefined && unreadable !== undefined)
      return `${shown(nearest)} is not valid JSON (${unreadable}), nor has any package.json above it a vendorPlugin manifest. Fix it, or add one to the plugin's package.json: ${MANIFEST_EXAMPLE}`
    return nearest === undefined
      ? `No package.json found at or above ${shown(dirname(resolve(fileName)))}. The plugin's package.json must hold its manifest: ${MANIFEST_EXAMPLE}`
      : `${shown(nearest)} has no vendorPlugin manifest, nor has any package.json above it. Add one to the plugin's package.json: ${MANIFEST_EXAMPLE}`
  }

  #at(directory: string): LocatedManifest | undefined {
    if (this.#byDirectory.has(directory)) return this.#byDirectory.get(directory)
    const path = join(directory, 'package.json')
    let found: LocatedManifest | undefined
    const reading = existsSync(path) ? readPackageManifest(this.#read(path)) : undefined
    if (reading !== undefined) {
      if (!reading.ok) {
        throw new UsageError(
          `${relative(this.#cwd, path)} has an invalid vendorPlugin manifest:\n  - ${reading.problems.join('\n  - ')}\nExample: ${MANIFEST_EXAMPLE}`,
        )
      }
      this.#warnUnknownKeys(path)
      found = Object.freeze({ ...reading.manifest, path })
    } else if (dirname(directory) !== directory) {
      found = this.#at(dirname(directory))
    }
    this.#byDirectory.set(directory, found)
    return found
  }

  /**
   * A `package.json` parsed, or `undefined` when it is not JSON: passed over as one without a manifest (a
   * template's or a fixture's, under the plugin's sources, should not stop the check), and named in the
   * missing-manifest message if no manifest is found.
   */
  #read(path: string): unknown {
    if (this.#packages.has(path)) return this.#packages.get(path)
    let json: unknown
    try {
      json = JSON.parse(readFileSync(path, 'utf8'))
    } catch (error) {
      this.#unreadable.set(path, (error as Error).message)
    }
    this.#packages.set(path, json)
    return json
  }

  #warnUnknownKeys(path: string): void {
    const manifest = (this.#read(path) as { vendorPlugin?: unknown }).vendorPlugin
    if (typeof manifest !== 'object' || manifest === null) return
    for (const key of Object.keys(manifest).filter((k) => !MANIFEST_KEYS.includes(k))) {
      const meant = nearMiss(key, MANIFEST_KEYS)
      this.#warn(
        `${relative(this.#cwd, path)}: vendorPlugin has an unknown key '${key}', which is ignored` +
          (meant === undefined
            ? ` (the keys are ${MANIFEST_KEYS.join(', ')}).`
            : `: did you mean '${meant}'?`),
      )
    }
  }
}
