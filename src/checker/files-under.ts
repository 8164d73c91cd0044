import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Appends to `into` every file at any depth under `directory` whose name `accept` takes, skipping hidden
 * files and folders, and `node_modules` folders unless `enterNodeModules` says to enter one: what a plugin's
 * sources or build output can be.
 */
export function filesUnder(
  directory: string,
  accept: (name: string) => boolean,
  into: string[],
  enterNodeModules: (path: string) => boolean = () => false,
): void {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue
    const child = join(directory, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' || enterNodeModules(child))
        filesUnder(child, accept, into, enterNodeModules)
    } else if (accept(entry.name)) into.push(child)
  }
}
