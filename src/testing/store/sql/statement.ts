/**
 * One SQL statement as a store sends it: the text, with `$1`, `$2`, ... placeholders, and its parameters in
 * PostgreSQL's text format (`null` for NULL).
 *
 * @internal
 */
export interface Statement {
  readonly text: string
  readonly params: readonly (string | null)[]
  /**
   * The store sends this text again and again (compiled from a table and the shape of a query, or its own
   * transaction control), and reads nothing of its result's columns but the values: a connection may keep it
   * prepared, parsed and planned once, and leave out the columns' description. Never set on native SQL.
   */
  readonly repeated?: boolean
}

/** One column of a result set: its name and the type's OID. @internal */
export interface ResultField {
  readonly name: string
  readonly typeOid: number
}

/**
 * What one statement returned: its columns (`undefined` for a statement that returns no rows), its rows in
 * text format, and the command tag (`SELECT 3`, `INSERT 0 1`, `UPDATE 2`).
 *
 * @internal
 */
export interface StatementResult {
  readonly fields: readonly ResultField[] | undefined
  readonly rows: readonly (readonly (string | null)[])[]
  readonly command: string
}

/** An error PostgreSQL reported: its SQLSTATE, message, and the optional detail, hint and position. @internal */
export interface ServerError {
  readonly sqlState: string
  readonly message: string
  readonly detail: string | undefined
  readonly hint: string | undefined
  /** 1-based character position in the statement. */
  readonly position: number | undefined
}

/**
 * A synchronous connection to PostgreSQL: runs statements in order, one round trip for all, stopping at the
 * first error. It knows nothing of transactions: the store decides what to wrap the statements in.
 *
 * @internal
 */
export interface SqlConnection {
  /**
   * Runs statements in order and stops at the first error; then runs `onError` (such as a rollback to a
   * savepoint), whose own outcome is not reported.
   *
   * @returns The results of the statements that completed, and the error that stopped the rest.
   */
  run(
    statements: readonly Statement[],
    onError?: readonly Statement[],
  ): { results: StatementResult[]; error: ServerError | undefined }
}

/**
 * The number of rows a command tag reports (`UPDATE 2`: 2, `INSERT 0 1`: 1), 0 for a tag without one.
 *
 * @param command - The tag.
 * @returns The row count.
 * @internal
 */
export function rowCountOf(command: string): number {
  const space = command.lastIndexOf(' ')
  if (space < 0) return 0
  const count = Number(command.slice(space + 1))
  return Number.isSafeInteger(count) ? count : 0
}
