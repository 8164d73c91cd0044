import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'

/**
 * The layout of a `persist` directory (SPEC §15.2): the PGlite database, the stored files' bytes, and the JWT
 * secret made at the first start when none is configured, so that tokens survive a restart.
 *
 * @internal
 */
export interface PersistDir {
  /** The PGlite data directory. */
  readonly database: string
  /** Where stored files' bytes go (storage engine `local`). */
  readonly files: string
  /** The file that keeps the made-up JWT secret. */
  readonly secretFile: string
}

/** Where each part of a `persist` directory is. @internal */
export function persistDir(dir: string): PersistDir {
  return { database: join(dir, 'pglite'), files: join(dir, 'files'), secretFile: join(dir, 'jwt-secret') }
}

/**
 * The JWT secret kept in a `persist` directory: read when a start made it before, else made now (256 random bits)
 * and written readable by the owner only. Creates the directory when missing.
 *
 * @param dir - The `persist` directory.
 * @param minBytes - The shortest secret taken, in UTF-8 bytes.
 * @returns The secret.
 * @throws `IllegalStateException` when the directory cannot be made or the kept secret is unusable.
 * @internal
 */
export function keptSecret(dir: string, minBytes: number): string {
  const { secretFile } = persistDir(dir)
  try {
    mkdirSync(dir, { recursive: true })
  } catch (error) {
    throw new IllegalStateException(
      `persist: cannot make the directory ${dir} (${(error as Error).message}); give a directory this process may write.`,
      { cause: error },
    )
  }
  let kept: string | undefined
  try {
    kept = readFileSync(secretFile, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw unreadable(secretFile, error)
  }
  if (kept !== undefined) {
    if (Buffer.byteLength(kept, 'utf8') < minBytes)
      throw new IllegalStateException(
        `persist: ${secretFile} holds a JWT secret shorter than ${minBytes} bytes; delete the file for a new one ` +
          "(tokens issued before then stop working) or set settings['security.jwt.secret'].",
      )
    return kept
  }
  const made = randomBytes(32).toString('base64url')
  try {
    // 'wx': a start that made one at the same moment wins, and this one reads it.
    writeFileSync(secretFile, `${made}\n`, { mode: 0o600, flag: 'wx' })
    return made
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return keptSecret(dir, minBytes)
    throw unreadable(secretFile, error)
  }
}

function unreadable(file: string, error: unknown): IllegalStateException {
  return new IllegalStateException(
    `persist: cannot read or write ${file} (${(error as Error).message}); give a directory this process may write.`,
    { cause: error },
  )
}
