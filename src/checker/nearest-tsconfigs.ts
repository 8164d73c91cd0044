import { dirname, join, resolve } from 'node:path'
import { existsSync } from 'node:fs'

/** The nearest `tsconfig.json` at or above each file, each directory looked at once. */
export class NearestTsconfigs {
  readonly #byDirectory = new Map<string, string | undefined>()

  /** The nearest `tsconfig.json` at or above `fileName`, or `undefined`. */
  of(fileName: string): string | undefined {
    return this.#at(dirname(resolve(fileName)))
  }

  #at(directory: string): string | undefined {
    if (this.#byDirectory.has(directory)) return this.#byDirectory.get(directory)
    const candidate = join(directory, 'tsconfig.json')
    const found = existsSync(candidate)
      ? candidate
      : dirname(directory) === directory
        ? undefined
        : this.#at(dirname(directory))
    this.#byDirectory.set(directory, found)
    return found
  }
}
