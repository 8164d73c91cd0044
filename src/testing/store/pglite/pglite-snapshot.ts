import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/**
 * Where the store caches a snapshot of a new PGlite database, so that a test file starts PGlite from it
 * (about 0.5 s) instead of running initdb (about 2 s): a file in the system's temporary directory, named after
 * the PGlite build it was made with (a new version makes a new snapshot).
 *
 * @returns The snapshot's path.
 * @internal
 */
export function snapshotPath(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const wasm = statSync(join(dirname(entry), 'pglite.wasm'))
  const build = `${wasm.size.toString(36)}-${Math.floor(wasm.mtimeMs).toString(36)}`
  return join(tmpdir(), 'tech-vendor-api', `pglite-${build}.tar`)
}

/**
 * The cached snapshot's bytes, or `undefined` when there is none yet.
 *
 * @param path - From {@link snapshotPath}.
 * @returns The tar of a new database's data directory.
 * @internal
 */
export function readSnapshot(path: string): Uint8Array | undefined {
  try {
    return readFileSync(path)
  } catch {
    return undefined
  }
}

/**
 * Caches a snapshot: written to a file of its own and renamed into place, so that test files starting at the
 * same time never read half of one.
 *
 * @param path - From {@link snapshotPath}.
 * @param bytes - The tar of a new database's data directory.
 * @internal
 */
export function writeSnapshot(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true })
  const partial = `${path}.${process.pid}.${Date.now()}.partial`
  writeFileSync(partial, bytes)
  renameSync(partial, path)
}
