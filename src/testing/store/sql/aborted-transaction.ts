import { SQLException } from '../../../errors/sql-exception.js'

/**
 * The `SQLException` (SQLSTATE `25P02`) of a commit that PostgreSQL refused because a statement of the
 * transaction failed, worded as PostgreSQL's JDBC driver words it, with what to do instead.
 *
 * @param rolledBack - How the store's PostgreSQL rolled the transaction back, such as
 *   `PostgreSQL rolled it back instead of committing it`.
 * @returns The exception; nothing of the transaction was committed.
 * @internal
 */
export function abortedTransaction(rolledBack: string): SQLException {
  return new SQLException(
    'ERROR: current transaction is aborted, commands ignored until end of transaction block\n' +
      `  Detail: a statement in the transaction failed, so ${rolledBack}; nothing was committed. ` +
      'Let the error end the transaction (rethrow it), or run the failing statement in sql.withTransaction to undo only its part.',
    '25P02',
  )
}
