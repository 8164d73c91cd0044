import { createRequire } from 'node:module'
import { join } from 'node:path'
import type ts from 'typescript'
import { UsageError } from './usage-error.js'

/** The TypeScript compiler API module. */
export type TypeScript = typeof ts

/**
 * Loads the TypeScript compiler the plugin uses (resolved from `projectDirectory`), falling back to the one
 * installed beside this package (its optional peer dependency), so that the checker sees the plugin's code
 * exactly as the plugin's own `tsc` does.
 *
 * @throws {@link UsageError} when neither is installed.
 */
export function loadTypeScript(projectDirectory: string): TypeScript {
  const fromProject = createRequire(join(projectDirectory, 'package.json'))
  const fromHere = createRequire(import.meta.url)
  for (const require of [fromProject, fromHere]) {
    try {
      return require('typescript') as TypeScript
    } catch {
      // try the next place
    }
  }
  throw new UsageError(
    'vendor-api check needs the TypeScript compiler, and none was found. Install it in the plugin: npm install --save-dev typescript',
  )
}
