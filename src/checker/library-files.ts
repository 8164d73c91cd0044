import { readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { findUp } from './find-up.js'

/** The package whose declarations the checker maps to the member table. */
export const LIBRARY_NAME = '@tech-vendor/api'

/**
 * Tells whether a file belongs to this library, wherever it is installed (a `node_modules` copy, a nested
 * copy, a workspace link, its own sources): the nearest `package.json` above the file is the library's.
 * This is what keeps a plugin's own `AsyncHelper` or `task` from being taken for the library's.
 */
export class LibraryFiles {
  readonly #byDirectory = new Map<string, boolean>()

  /** Whether `fileName` is part of the library. */
  has(fileName: string): boolean {
    const directory = dirname(fileName)
    let known = this.#byDirectory.get(directory)
    if (known === undefined) {
      known = packageNameAt(directory) === LIBRARY_NAME
      this.#byDirectory.set(directory, known)
    }
    return known
  }
}

function packageNameAt(directory: string): string | undefined {
  const path = findUp(directory, 'package.json')
  return path === undefined ? undefined : packageNameIn(path)
}

/** The `name` of a `package.json`, or `undefined` when it has none or cannot be read. */
export function packageNameIn(packageJson: string): string | undefined {
  try {
    const json = JSON.parse(readFileSync(packageJson, 'utf8')) as { name?: unknown }
    return typeof json.name === 'string' ? json.name : undefined
  } catch {
    return undefined
  }
}
