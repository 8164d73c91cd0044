import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** The built package's directory. */
export const distDir = join(repoRoot, 'dist')

/** What the build reads: a change to any of these makes `dist/` stale. */
const BUILD_INPUTS = ['src', 'package.json', 'tsup.config.ts', 'tsconfig.json']

function newestInput(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestInput(join(path, entry)))
  return newest
}

function isFresh(): boolean {
  const marker = join(distDir, 'index.js')
  if (!existsSync(marker) || !existsSync(join(distDir, 'index.d.cts'))) return false
  const built = statSync(marker).mtimeMs
  return BUILD_INPUTS.every(
    (input) => !existsSync(join(repoRoot, input)) || newestInput(join(repoRoot, input)) <= built,
  )
}

/** Blocks the thread for `ms` milliseconds (the lock wait below is synchronous on purpose). */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/**
 * Makes sure `dist/` holds a build of the current sources. `npm test` builds first (`pretest`), so this only
 * builds when a test file that needs the build is run on its own after a source change. A lock directory keeps
 * two test files from building at once.
 *
 * @returns The `dist/` directory.
 */
export function ensureBuilt(): string {
  // Under `npm test` the pretest build is the one to test: rebuilding mid-run (because a source changed since)
  // would clean dist/ under the feet of other test files reading it.
  if (process.env['npm_lifecycle_event'] === 'test' && existsSync(join(distDir, 'index.d.cts')))
    return distDir
  if (isFresh()) return distDir
  const lock = join(
    tmpdir(),
    `tech-vendor-api-build-${Buffer.from(repoRoot).toString('hex').slice(-24)}.lock`,
  )
  const deadline = Date.now() + 180_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      // Another test file is building; a lock older than the deadline is left over from a killed run.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 180_000)
        rmSync(lock, { recursive: true, force: true })
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the build lock ${lock}`)
      sleep(200)
    }
  }
  try {
    if (isFresh()) return distDir
    const tsup = join(repoRoot, 'node_modules', 'tsup', 'dist', 'cli-default.js')
    const result = spawnSync(process.execPath, [tsup], { cwd: repoRoot, encoding: 'utf8' })
    if (result.status !== 0) {
      throw new Error(`The build failed (npm run build):\n${result.stdout}\n${result.stderr}`)
    }
    return distDir
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/**
 * Runs a command and returns its stdout; throws with stdout and stderr when it exits non-zero.
 *
 * @param command - The executable.
 * @param args - Its arguments.
 * @param cwd - Where to run it.
 */
export function run(command: string, args: readonly string[], cwd: string): string {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false', NODE_OPTIONS: '' },
  })
  if (result.error !== undefined) throw result.error
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} exited with ${String(result.status)} in ${cwd}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`,
    )
  }
  return result.stdout
}
