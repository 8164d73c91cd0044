/**
 * Runs every `bench/*.bench.ts` in sequence, each in a process of its own so that one bench's JIT state and
 * heap do not colour the next. A bench is added by dropping a file in bench/. Exits non-zero if one fails.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const benchDir = join(root, 'bench')
const only = process.argv.slice(2)
const files = readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort()

const tsx = createRequire(import.meta.url).resolve('tsx')
const failed: string[] = []
for (const file of files) {
  console.log(`\n=== ${file}`)
  const result = spawnSync(process.execPath, ['--import', tsx, join(benchDir, file)], {
    cwd: root,
    stdio: 'inherit',
  })
  if (result.status !== 0) failed.push(file)
}
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`)
  process.exit(1)
}
