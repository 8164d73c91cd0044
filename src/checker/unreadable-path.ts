import { statSync } from 'node:fs'
import { displayPath } from './display-path.js'
import { UsageError } from './usage-error.js'

/**
 * The error for a file or directory of the plugin that exists but that the check may not read, from the
 * error reading it gave; `undefined` when that error says it does not exist (for the caller to report as
 * missing).
 */
export function unreadablePathError(cwd: string, path: string, error: unknown): UsageError | undefined {
  const { code } = error as NodeJS.ErrnoException
  if (code === 'ENOENT' || code === 'ENOTDIR') return undefined
  const shown = displayPath(cwd, path) || '.'
  const reason =
    code === 'EACCES' || code === 'EPERM' ? `${code}: permission denied` : (error as Error).message
  const mode = isDirectory(path) ? 'a+rx' : 'a+r'
  return new UsageError(
    `${shown} exists but cannot be read (${reason}). Give the user that runs the check read permission on it ` +
      `(chmod ${mode} ${shown}), or take it out of the plugin's sources.`,
  )
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}
