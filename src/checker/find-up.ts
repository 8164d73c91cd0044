import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

/** The nearest file named `fileName` at or above `directory` (`package.json`, `tsconfig.json`), or `undefined`. */
export function findUp(directory: string, fileName: string): string | undefined {
  for (let dir = resolve(directory); ; dir = dirname(dir)) {
    const candidate = join(dir, fileName)
    if (existsSync(candidate)) return candidate
    if (dirname(dir) === dir) return undefined
  }
}
