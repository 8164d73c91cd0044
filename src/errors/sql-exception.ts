import { VendorApiError } from './vendor-api-error.js'

/**
 * Thrown when the database refuses a statement of `QueryHelper.withSql` (`java.sql.SQLException`, as
 * PostgreSQL's JDBC driver throws it): the message is PostgreSQL's own, and {@link SQLException.sqlState} is
 * its SQLSTATE code, such as `42P01` (undefined table) or `23505` (unique violation). The failed statement
 * changed nothing; outside a transaction the next statement runs as usual, inside one the transaction is
 * aborted until it ends, as on PostgreSQL.
 *
 * @example
 * ```ts
 * import { QueryHelper, SQLException } from '@tech-vendor/api'
 *
 * try {
 *   QueryHelper.withSql((sql) => sql.rows('select * from no_such_table'))
 * } catch (error) {
 *   if (SQLException.is(error) && error.sqlState === '42P01') console.log('the table is missing:', error.message)
 * }
 * ```
 */
export class SQLException extends VendorApiError {
  /** Fully qualified name of the Java class this error stands for. */
  static override readonly javaClass: string = 'java.sql.SQLException'

  static {
    Object.defineProperty(this.prototype, 'name', {
      value: 'SQLException',
      configurable: true,
      writable: true,
    })
  }

  /** The Java class's simple name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'SQLException'

  /** PostgreSQL's SQLSTATE code of the error, such as `42P01`; what JDBC's `getSQLState()` returns. */
  readonly sqlState: string

  /**
   * @param message - The database's message, with what to do where that is known.
   * @param sqlState - The SQLSTATE code.
   * @param options - The underlying cause, if any.
   */
  constructor(message: string, sqlState: string, options?: ErrorOptions) {
    super(message, options)
    this.sqlState = sqlState
  }

  /**
   * The SQLSTATE code, as JDBC names its getter.
   *
   * @returns {@link SQLException.sqlState}.
   * @example
   * ```ts
   * import { SQLException } from '@tech-vendor/api'
   *
   * const error = new SQLException('ERROR: division by zero', '22012')
   * console.log(error.getSQLState()) // 22012
   * ```
   */
  getSQLState(): string {
    return this.sqlState
  }
}
