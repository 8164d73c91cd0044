import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * Runs `lines` as an ES module in a child Node process, for what a test cannot do in its own: start with a
 * `globalThis` of its own, or end the process. TypeScript runs through tsx, and the module runs from the
 * repository's root, so that it imports the sources as `./src/...`.
 *
 * @returns What the child printed, and how it ended.
 */
export function runModuleScript(lines: readonly string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', lines.join('\n')], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
  })
}
