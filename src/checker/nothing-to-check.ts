import { displayPath } from './display-path.js'
import { UsageError } from './usage-error.js'

/** The files the checker checks, as a message lists them. */
const SOURCE_FILES = '.ts, .tsx, .mts, .cts, .js, .jsx, .mjs or .cjs; declaration files are not checked'

/**
 * The error for paths given to `check` under which no source file was found: a run that checked nothing
 * would pass, though it never looked at the plugin (a mistyped directory, one of declarations only).
 */
export function pathsWithoutSources(cwd: string, paths: readonly string[]): UsageError {
  const shown = paths.map((p) => displayPath(cwd, p) || '.')
  return new UsageError(
    `Nothing to check: ${shown.join(', ')} ${shown.length === 1 ? 'holds' : 'hold'} no source file (${SOURCE_FILES}). ` +
      "Give the plugin's source files or directories.",
  )
}

/** The error for a project whose tsconfig takes in no source file, for the reason {@link pathsWithoutSources} gives. */
export function projectWithoutSources(cwd: string, tsconfig: string): UsageError {
  return new UsageError(
    `Nothing to check: ${displayPath(cwd, tsconfig)} includes no source file (${SOURCE_FILES}). ` +
      `Point its "include" or "files" at the plugin's sources, or give them as paths.`,
  )
}
