import type { Finding } from './finding.js'
import type { LibraryLine, Linkage } from '../runtime-contract/runtime-description.js'

/** The output formats of `vendor-api`. */
export type Format = 'text' | 'json' | 'sarif'

/** The output formats, for option checking and help. */
export const FORMATS: readonly Format[] = ['text', 'json', 'sarif']

/** A plugin a check checked files of, as its manifest describes it. */
export interface CheckedPlugin {
  readonly name: string
  readonly version: string
  readonly apiVersion: LibraryLine
  /** Its `package.json`, relative to the working directory. */
  readonly manifest: string
}

/** What a run checked and found, which every format renders. */
export interface Report {
  readonly command: 'check' | 'check-bundle'
  readonly toolVersion: string
  /** Absolute working directory; paths in findings are relative to it. */
  readonly cwd: string
  /** How many files were checked. */
  readonly files: number
  /** What the plugins were checked against (for `check`): one entry per plugin manifest, in path order. */
  readonly target?: {
    readonly runtime: string
    readonly linkage: Linkage
    readonly plugins: readonly CheckedPlugin[]
  }
  readonly findings: readonly Finding[]
}

/** Counts of a report's findings by severity. */
export function countSeverities(findings: readonly Finding[]): { errors: number; warnings: number } {
  let errors = 0
  for (const f of findings) if (f.severity === 'error') errors++
  return { errors, warnings: findings.length - errors }
}
