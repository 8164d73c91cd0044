import { IllegalStateException } from '../../../errors/illegal-state-exception.js'
import { SQLException } from '../../../errors/sql-exception.js'
import { quoteName } from '../sql/sql-name.js'
import type { ServerError, Statement, StatementResult } from '../sql/statement.js'
import type { SyncBridge } from './sync-bridge.js'

/**
 * The server store's connections, numbered from 0 (the store's own; hosts use 1 and up), each opened by the
 * worker on first use: runs statements on
 * one of them, first pointing its `search_path` at the host's schema when it pointed elsewhere, so that a
 * plugin's native SQL names the tables unqualified.
 *
 * @internal
 */
export class ServerConnections {
  readonly #bridge: SyncBridge
  /** The schema each connection's `search_path` starts with. */
  readonly #paths = new Map<number, string>()

  constructor(bridge: SyncBridge) {
    this.#bridge = bridge
  }

  /** Whether the connections are gone: the store was closed, or its worker stopped. */
  get closed(): boolean {
    return this.#bridge.closed
  }

  /**
   * Runs statements on a connection, stopping at the first error, then `onError`.
   *
   * @param connection - The connection's number.
   * @param statements - The statements.
   * @param onError - What to run after an error (a rollback).
   * @param schema - The schema native SQL should see first, if any.
   * @returns The results of the statements that ran, and the error that stopped the rest.
   * @throws `SQLException` when the worker cannot reach the server (the URL, the credentials, `pg` missing).
   */
  run(
    connection: number,
    statements: readonly Statement[],
    onError: readonly Statement[] = [],
    schema?: string,
  ): { results: StatementResult[]; error: ServerError | undefined } {
    const path =
      schema === undefined || this.#paths.get(connection) === schema
        ? []
        : [{ text: `SET search_path TO ${quoteName(schema)}, public`, params: [] }]
    const reply = this.#bridge.call({
      kind: 'run',
      connection,
      statements: [...path, ...statements],
      onError,
    })
    if (reply.kind === 'failed') {
      throw new SQLException(
        `The PostgreSQL store could not run statements on the server: ${reply.message}. Check the url given to ` +
          'postgresStore({ url }) (docs/sql.md shows how to start a local server).',
        reply.sqlState ?? '08001',
      )
    }
    if (reply.kind !== 'ran')
      throw new IllegalStateException('internal: the PostgreSQL worker answered a run with no results')
    if (path.length === 0) return reply
    if (reply.results.length > 0) this.#paths.set(connection, schema as string)
    return { results: reply.results.slice(1), error: reply.error }
  }

  /**
   * Closes a connection, so that the next statement on its number opens a fresh session: nothing a plugin's
   * native SQL left in the session (temporary tables, settings, advisory locks) reaches the next host.
   *
   * @param connection - The connection's number.
   */
  close(connection: number): void {
    this.#paths.delete(connection)
    this.#bridge.call({ kind: 'close', connection })
  }

  /** Forgets where connections point (a schema was dropped). */
  forget(schema: string): void {
    for (const [connection, path] of this.#paths) if (path === schema) this.#paths.delete(connection)
  }
}
