import { SQLException } from '../../errors/sql-exception.js'

/**
 * The error of a new session (`QueryHelper.withNewSession`) that would wait for a row lock its enclosing
 * transaction holds: on the platform it waits until the lock timeout, since the enclosing transaction cannot go
 * on while the new session runs. The stores that emulate the wait fail it at once, as PostgreSQL words it.
 *
 * @param conflict - What the new session did, such as `changed or deleted row 5 of Tag, which the enclosing
 *   transaction had written`.
 * @returns The error: `SQLException` with SQLSTATE `55P03` (lock_not_available).
 * @internal
 */
export function lockTimeout(conflict: string): SQLException {
  return new SQLException(
    `ERROR: canceling statement due to lock timeout\n  Detail: the new session (QueryHelper.withNewSession) ${conflict}; ` +
      'on the platform it would wait for the lock the enclosing transaction holds until the transaction ends, so it failed ' +
      'and what it wrote was undone. Write that row in the enclosing transaction, or after it.',
    '55P03',
  )
}
