import type { StoredRow } from '../../domains/schema.js'
import type { OpenRequest, Store, StoreContext, StoreSavepoint, StoreTransaction } from '../store.js'
import { abortedTransaction } from '../sql/aborted-transaction.js'
import type { SqlMapping } from '../sql/sql-mapping.js'
import { quoteName } from '../sql/sql-name.js'
import { runOwnStatements } from '../sql/run-own-statements.js'
import { sqlExceptionOf } from '../sql/sql-exception-of.js'
import { SqlHostData, type NativeKind } from '../sql/sql-host-data.js'
import type { Statement, StatementResult } from '../sql/statement.js'
import type { ServerConnections } from './server-connections.js'

/** A host transaction on a server: a real PostgreSQL transaction on a connection of its own. */
class ServerTransaction implements StoreTransaction {
  rollbackOnly = false

  constructor(
    readonly tenant: string,
    readonly connection: number,
  ) {}
}

const BEGIN: Statement = { text: 'BEGIN', params: [] }
const COMMIT: Statement = { text: 'COMMIT', params: [] }
const ROLLBACK: Statement = { text: 'ROLLBACK', params: [] }
/** The first connection a host uses: connection 0 is the store's own, which holds its advisory lock. */
const FIRST_CONNECTION = 1

/**
 * One host's data on a PostgreSQL server. What the platform commits is committed; a host transaction is a
 * transaction on a connection of its own, and code without one runs on a connection no transaction holds, so
 * that `withNewSession` is exact: a second connection, which waits on the first one's locks as the platform
 * does, for at most the store's lock timeout. At {@link PostgresData.release} the tables the host wrote are
 * emptied (or, after native DDL, the schema is dropped) and, after native SQL, the host's connections closed,
 * so that the next host starts from empty tables in fresh sessions.
 *
 * Lasting data (`OpenRequest.lasting`: the emulator's shared `store`) is the application's, which other
 * processes on the database share: ids go on from the database's sequence, and release empties nothing.
 */
export class PostgresData extends SqlHostData {
  readonly #connections: ServerConnections
  readonly #onRelease: (dropped: boolean) => void
  /** The connections each open transaction holds. */
  readonly #busy = new Set<number>()
  /** The tables to empty at release; `all` once native SQL wrote. */
  #written: Set<string> | 'all' = new Set()
  /** Native SQL changed the schema itself: it is dropped at release. */
  #changedSchema = false
  /** Native SQL ran: the sessions may hold what it left (temporary tables, settings, locks). */
  #ranNative = false
  /** The connections this host ran statements on. */
  readonly #used = new Set<number>()
  readonly #lasting: boolean

  constructor(
    store: Store,
    request: OpenRequest,
    mapping: SqlMapping,
    schemaName: string,
    likeCollation: string | undefined,
    connections: ServerConnections,
    onRelease: (dropped: boolean) => void,
    lasting = false,
  ) {
    super(store, request, mapping, schemaName, likeCollation)
    this.#connections = connections
    this.#onRelease = onRelease
    this.#lasting = lasting
    if (!lasting) this.#own(FIRST_CONNECTION, [this.restartSequence()])
  }

  protected run(
    context: StoreContext | undefined,
    statements: readonly Statement[],
    native?: NativeKind,
  ): StatementResult[] {
    this.checkOpen()
    if (native !== undefined) this.#ranNative = true
    if (native !== undefined && !native.readOnly) this.#written = 'all'
    const transaction = context?.transaction as ServerTransaction | undefined
    let results: StatementResult[]
    if (transaction !== undefined) {
      results = this.#statements(transaction.connection, statements)
    } else if (statements.length === 1) {
      results = this.#statements(this.#free(), statements)
    } else {
      // Outside a transaction a call is all or nothing, as the platform commits it.
      results = this.#statements(this.#free(), [BEGIN, ...statements, COMMIT], [ROLLBACK]).slice(1, -1)
    }
    if (native !== undefined && results.some((r) => /^(CREATE|ALTER|DROP)\b/.test(r.command)))
      this.#changedSchema = true
    return results
  }

  override write(context: StoreContext, domain: string, id: number, row: StoredRow | null): void {
    if (this.#written !== 'all') {
      const table = this.tableOf(domain)
      this.#written.add(table.name)
      for (const list of table.listTables) this.#written.add(list)
    }
    super.write(context, domain, id, row)
  }

  begin(tenant: string): StoreTransaction {
    const transaction = new ServerTransaction(tenant, this.#free())
    this.#busy.add(transaction.connection)
    try {
      this.#statements(transaction.connection, [BEGIN])
    } catch (error) {
      this.#busy.delete(transaction.connection)
      throw error
    }
    return transaction
  }

  commit(transaction: StoreTransaction): void {
    const { connection } = transaction as ServerTransaction
    this.#busy.delete(connection)
    const [result] = this.#statements(connection, [COMMIT])
    // PostgreSQL answers COMMIT of a transaction a failed statement aborted with ROLLBACK.
    if (result?.command === 'ROLLBACK') {
      throw abortedTransaction(
        'the database rolled it back instead of committing it (it answered COMMIT with ROLLBACK)',
      )
    }
  }

  rollback(transaction: StoreTransaction): void {
    const { connection } = transaction as ServerTransaction
    this.#busy.delete(connection)
    this.#statements(connection, [ROLLBACK])
  }

  savepoint(transaction: StoreTransaction): StoreSavepoint {
    const name = this.newSavepointName()
    this.#statements((transaction as ServerTransaction).connection, [
      { text: `SAVEPOINT ${name}`, params: [] },
    ])
    return name
  }

  rollbackTo(transaction: StoreTransaction, savepoint: StoreSavepoint): void {
    const name = savepoint as string
    this.#statements((transaction as ServerTransaction).connection, [
      { text: `ROLLBACK TO SAVEPOINT ${name}`, params: [] },
    ])
  }

  isolated<T>(_context: StoreContext, fn: () => T): T {
    // A session without the caller's transaction runs on a connection no transaction holds.
    return fn()
  }

  release(): boolean {
    if (this.markReleased()) return true
    if (this.#connections.closed) {
      // The server rolled back what the closed connections had open, and close() dropped the schemas.
      this.#onRelease(true)
      return true
    }
    for (const connection of this.#busy) this.#connections.run(connection, [ROLLBACK])
    this.#busy.clear()
    if (this.#lasting) {
      // The application's data stays for the next start and for the other processes on the database.
      if (this.#ranNative) for (const connection of this.#used) this.#connections.close(connection)
      this.#onRelease(false)
      return true
    }
    if (this.#changedSchema) {
      this.#own(FIRST_CONNECTION, [{ text: `DROP SCHEMA ${quoteName(this.schemaName)} CASCADE`, params: [] }])
    } else {
      const tables = [...(this.#written === 'all' ? this.allTables() : this.#written), this.fileTable]
      // The foreign keys are deferrable, so the tables empty in any order.
      this.#own(FIRST_CONNECTION, [
        BEGIN,
        { text: 'SET CONSTRAINTS ALL DEFERRED', params: [] },
        ...tables.map((table) => ({ text: `DELETE FROM ${table}`, params: [] })),
        COMMIT,
      ])
    }
    if (this.#ranNative) for (const connection of this.#used) this.#connections.close(connection)
    this.#onRelease(this.#changedSchema)
    return true
  }

  /** A connection no open transaction holds: the first, unless a transaction holds it. */
  #free(): number {
    let connection = FIRST_CONNECTION
    while (this.#busy.has(connection)) connection++
    return connection
  }

  /** Runs statements on a connection; an error is an `SQLException` naming the failed statement. */
  #statements(
    connection: number,
    statements: readonly Statement[],
    onError: readonly Statement[] = [],
  ): StatementResult[] {
    this.#used.add(connection)
    const reply = this.#connections.run(connection, statements, onError, this.schemaName)
    if (reply.error !== undefined) throw sqlExceptionOf(reply.error, statements[reply.results.length]?.text)
    return reply.results
  }

  /** Runs the store's own statements, which must not fail. */
  #own(connection: number, statements: readonly Statement[]): void {
    this.#used.add(connection)
    runOwnStatements(
      this.store.kind,
      { run: (own, onError) => this.#connections.run(connection, own, onError, this.schemaName) },
      statements,
      [ROLLBACK],
    )
  }
}
