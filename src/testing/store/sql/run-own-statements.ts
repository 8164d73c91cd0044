import { IllegalStateException } from '../../../errors/illegal-state-exception.js'
import type { SqlConnection, Statement } from './statement.js'

/**
 * Runs a store's own statements (transaction control, schema upkeep), which must not fail: a failure is a
 * defect of the store, reported as an internal `IllegalStateException` naming the refused statement.
 *
 * @param engine - The store's kind, as the message names it (`PGlite`, `PostgreSQL`).
 * @param connection - Where the statements run.
 * @param statements - The statements.
 * @param onError - What to run after a failure (a rollback), if anything.
 * @throws `IllegalStateException` when a statement fails.
 * @internal
 */
export function runOwnStatements(
  engine: string,
  connection: SqlConnection,
  statements: readonly Statement[],
  onError?: readonly Statement[],
): void {
  const reply = connection.run(statements, onError)
  if (reply.error !== undefined)
    throw new IllegalStateException(
      `internal: ${engine} refused ${statements[reply.results.length]?.text}: ${reply.error.message}`,
    )
}
