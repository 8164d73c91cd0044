import { readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { findUp } from './find-up.js'
import { LIBRARY_NAME } from './library-files.js'

/** The version of this package, read from its own `package.json` (from its sources or its build). */
export function toolVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const path = findUp(dir, 'package.json')
    if (path === undefined) return 'unknown'
    const json = JSON.parse(readFileSync(path, 'utf8')) as { name?: string; version?: string }
    if (json.name === LIBRARY_NAME) return json.version ?? 'unknown'
    const parent = dirname(dirname(path))
    if (parent === dirname(path)) return 'unknown'
    dir = parent
  }
}
