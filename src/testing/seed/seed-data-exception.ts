import { VendorApiError } from '../../errors/vendor-api-error.js'

/**
 * One problem of a seed-data file: where it is and what is wrong.
 *
 * @example
 * ```ts
 * import type { SeedProblem } from '@tech-vendor/api/testing'
 *
 * const problem: SeedProblem = { line: 3, column: 2, message: 'active: "yes" is not a boolean; write T, true, F or false' }
 * ```
 */
export interface SeedProblem {
  /** The 1-based line of the file (for `options.seed`, the 1-based position of the row). */
  readonly line: number
  /** The 1-based column (the field's position in its record); 0 when the problem is the whole record. */
  readonly column: number
  /** What is wrong and what to write instead. */
  readonly message: string
}

/**
 * Thrown by a test host when seed data (a CSV file, or `options.seed`) cannot be imported. It names the line
 * and column of every problem, and nothing of the file has been imported. Recognise it with
 * `SeedDataException.is(error)`, which works across copies of the package.
 *
 * @example
 * ```ts
 * import { SeedDataException, type TestHost } from '@tech-vendor/api/testing'
 *
 * declare const host: TestHost
 * try {
 *   host.importSeedCsv('Customer', 'name(*),active\nAnn,yes\n')
 * } catch (error) {
 *   if (SeedDataException.is(error)) console.log(error.line, error.column, error.problems.length)
 * }
 * ```
 */
export class SeedDataException extends VendorApiError {
  /** Fully qualified name of the Java class this error stands for (the reference host's own). */
  static override readonly javaClass: string = 'tech.vendor.testing.SeedDataException'

  static {
    Object.defineProperty(this.prototype, 'name', {
      value: 'SeedDataException',
      configurable: true,
      writable: true,
    })
  }

  /** Always `SeedDataException`. */
  declare readonly name: 'SeedDataException'

  /** The domain being imported. */
  readonly domain: string
  /** The file path, or a description of where the rows came from. */
  readonly source: string
  /** The line of the first problem. */
  readonly line: number
  /** The column of the first problem (0 for the whole record). */
  readonly column: number
  /** Every problem found, in file order. */
  readonly problems: readonly SeedProblem[]

  /**
   * @param domain - The domain being imported.
   * @param source - The file path, or where the rows came from.
   * @param problems - Every problem found; at least one.
   */
  constructor(domain: string, source: string, problems: readonly SeedProblem[]) {
    const shown = problems.slice(0, 20)
    const lines = shown.map(
      (p) => `  - line ${p.line}${p.column === 0 ? '' : `, column ${p.column}`}: ${p.message}`,
    )
    if (problems.length > shown.length) lines.push(`  - ... and ${problems.length - shown.length} more`)
    super(
      `Seed data ${source} for ${domain} has ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was imported:\n${lines.join('\n')}`,
    )
    const first = problems[0] ?? { line: 0, column: 0 }
    this.domain = domain
    this.source = source
    this.line = first.line
    this.column = first.column
    this.problems = Object.freeze([...problems])
  }
}
