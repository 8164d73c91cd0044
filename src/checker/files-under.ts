import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Appends to `into` every file at any depth under `directory` whose name `accept` takes, skipping
 * `node_modules` and hidden files and folders: what a plugin's sources or build output can be.
 */
export function filesUnder(directory: string, accept: (name: string) => boolean, into: string[]): void {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const child = join(directory, entry.name)
    if (entry.isDirectory()) filesUnder(child, accept, into)
    else if (accept(entry.name)) into.push(child)
  }
}
