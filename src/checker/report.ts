import type { Finding } from './finding.js'
import type { LibraryLine, Linkage } from '../runtime-contract/runtime-description.js'

/** The output formats of `vendor-api`. */
export type Format = 'text' | 'json' | 'sarif'

/** The output formats, for option checking and help. */
export const FORMATS: readonly Format[] = ['text', 'json', 'sarif']

/** What a run checked and found, which every format renders. */
export interface Report {
  readonly command: 'check' | 'check-bundle'
  readonly toolVersion: string
  /** Absolute working directory; paths in findings are relative to it. */
  readonly cwd: string
  /** How many files were checked. */
  readonly files: number
  /** What the plugin was checked against (for `check`). */
  readonly target?: {
    readonly runtime: string
    readonly apiVersion: LibraryLine
    readonly linkage: Linkage
    readonly plugin: string
  }
  readonly findings: readonly Finding[]
}

/** Counts of a report's findings by severity. */
export function countSeverities(findings: readonly Finding[]): { errors: number; warnings: number } {
  let errors = 0
  for (const f of findings) if (f.severity === 'error') errors++
  return { errors, warnings: findings.length - errors }
}
