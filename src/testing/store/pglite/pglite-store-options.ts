/**
 * The options of `pgliteStore`.
 *
 * @example
 * ```ts
 * import type { PgliteStoreOptions } from '@tech-vendor/api/testing'
 *
 * const options: PgliteStoreOptions = { dataDir: '.pglite', collation: 'C' }
 * ```
 */
export interface PgliteStoreOptions {
  /**
   * A directory that keeps the database between runs (created when missing): the next run starts from it
   * instead of a new database, with the tables of the domains it has seen. Hosts' data is still rolled back
   * at `uninstall()`. Without it the database lives in memory, started from a snapshot of a new database that
   * the store caches in the system's temporary directory.
   */
  readonly dataDir?: string
  /**
   * How text columns sort and compare: `'C'` (the default) by code point, as the in-memory store does and as
   * PostgreSQL's C collation does; `'und'` by the Unicode root collation (ICU's `und`), close to the
   * platform's locale order (`a` before `B`, accents after their letter).
   */
  readonly collation?: 'C' | 'und'
}
