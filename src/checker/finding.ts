import type { Severity } from './rule.js'
import type { RuleId } from './rules.js'

/**
 * One thing the checker found in plugin code.
 *
 * `file` is relative to the working directory, with `/` separators; `line` and `column` are 1-based, the
 * column counted in UTF-16 code units as editors do.
 */
export interface Finding {
  readonly file: string
  readonly line: number
  readonly column: number
  readonly rule: RuleId
  readonly severity: Severity
  readonly message: string
  /** What to change so that the code works on the platform. */
  readonly hint: string
}

/**
 * Orders findings by file, then line, then column, then rule, then message, so that every run prints the
 * same order whatever the order of the paths it was given.
 */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    compareText(a.file, b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    compareText(a.rule, b.rule) ||
    compareText(a.message, b.message)
  )
}

/** What makes two findings the same, for a run that meets one file in several programs or under several manifests. */
export function findingKey(f: Finding): string {
  return [f.file, f.line, f.column, f.rule, f.message].join('\0')
}

/** Orders text by UTF-16 code units, the same on every machine (not by locale). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
