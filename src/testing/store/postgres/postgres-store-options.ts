/**
 * The options of `postgresStore`.
 *
 * @example
 * ```ts
 * import type { PostgresStoreOptions } from '@tech-vendor/api/testing'
 *
 * const options: PostgresStoreOptions = { url: 'postgres://tests:tests@127.0.0.1:5432/tests', lockTimeout: 500 }
 * ```
 */
export interface PostgresStoreOptions {
  /** The server and database, as a `pg` connection URL: `postgres://user:password@host:port/database`. */
  readonly url: string
  /**
   * How long, in milliseconds, a statement waits for a lock another session holds before it fails with
   * SQLSTATE `55P03` (PostgreSQL's `lock_timeout`; default 2000): a `withNewSession` that writes a row its
   * enclosing transaction holds fails after this long instead of hanging.
   */
  readonly lockTimeout?: number
}
