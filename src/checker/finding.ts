import type { RuleId, Severity } from './rules.js'

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

/** Orders findings by file, then line, then column, then rule, so that every run prints the same order. */
export function compareFindings(a: Finding, b: Finding): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1
  return a.line - b.line || a.column - b.column || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0)
}
