import { SQLException } from '../../../errors/sql-exception.js'
import type { ServerError } from './statement.js'

/**
 * The `SQLException` of an error PostgreSQL reported, worded as PostgreSQL's JDBC driver words it:
 * `ERROR: <message>`, then the detail, hint and position PostgreSQL gave, then the statement.
 *
 * @param error - What PostgreSQL reported.
 * @param statement - The statement's text, if known.
 * @returns The exception, carrying PostgreSQL's SQLSTATE.
 * @internal
 */
export function sqlExceptionOf(error: ServerError, statement: string | undefined): SQLException {
  const lines = [`ERROR: ${error.message}`]
  if (error.detail !== undefined) lines.push(`  Detail: ${error.detail}`)
  if (error.hint !== undefined) lines.push(`  Hint: ${error.hint}`)
  if (error.position !== undefined) lines.push(`  Position: ${error.position}`)
  if (statement !== undefined) lines.push(`  Statement: ${statement}`)
  return new SQLException(lines.join('\n'), error.sqlState)
}
