import type { StorageFieldValue } from '../../../model/storage-field-value.js'
import { IllegalStateException } from '../../../errors/illegal-state-exception.js'
import type { StoredRow } from '../../domains/schema.js'
import type {
  OpenRequest,
  Store,
  StoreContext,
  StoreSavepoint,
  StoreTransaction,
  StoredFileRecord,
} from '../store.js'
import { lockTimeout } from '../lock-timeout.js'
import { abortedTransaction } from '../sql/aborted-transaction.js'
import { arrayLiteral } from '../sql/array-literal.js'
import type { SqlMapping } from '../sql/sql-mapping.js'
import { quoteName } from '../sql/sql-name.js'
import { SqlHostData, type NativeKind } from '../sql/sql-host-data.js'
import { sqlExceptionOf } from '../sql/sql-exception-of.js'
import { runOwnStatements } from '../sql/run-own-statements.js'
import { DEALLOCATE_ALL } from '../sql/prepared-statements.js'
import type { Statement, StatementResult } from '../sql/statement.js'
import type { PgliteConnection } from './pglite-connection.js'

/** What a transaction did, in order, so that it can be done again after a new session ran (`isolated`). */
type LoggedStep =
  | { readonly kind: 'write'; readonly domain: string; readonly id: number; readonly row: StoredRow | null }
  | { readonly kind: 'file'; readonly file: StorageFieldValue }
  | { readonly kind: 'savepoint'; readonly name: string }

/** A savepoint inside a transaction: its name and how much of the log it keeps. */
interface PgliteSavepoint {
  readonly name: string
  readonly logLength: number
}

/** A host transaction on PGlite: a savepoint inside the host's one PostgreSQL transaction. */
class PgliteTransaction implements StoreTransaction {
  rollbackOnly = false
  /** A statement failed in it: PostgreSQL refuses every other until it rolls back (to a savepoint). */
  aborted = false
  /** It ran a native statement that may have written, which cannot be replayed. */
  wroteNatively = false
  readonly log: LoggedStep[] = []

  constructor(
    readonly tenant: string,
    readonly savepoint: string,
  ) {}
}

/** One row version per id of a table, or none: what a new session must leave as it found it. */
type Versions = Map<string, Map<string, string>>

// The store's own transaction control, sent again and again: kept prepared by the connection.
const COMMIT: Statement = { text: 'COMMIT', params: [], repeated: true }
const BEGIN: Statement = { text: 'BEGIN', params: [], repeated: true }
const ROLLBACK: Statement = { text: 'ROLLBACK', params: [], repeated: true }
const sp = (name: string): Statement => ({ text: `SAVEPOINT ${name}`, params: [], repeated: true })
const releaseSp = (name: string): Statement => ({
  text: `RELEASE SAVEPOINT ${name}`,
  params: [],
  repeated: true,
})
const rollbackToSp = (name: string): Statement => ({
  text: `ROLLBACK TO SAVEPOINT ${name}`,
  params: [],
  repeated: true,
})

/** The savepoint of a call outside a transaction ({@link PgliteData.#autonomous}), made once. */
const CALL = sp('tv_call')
const CALL_DONE = releaseSp('tv_call')
const CALL_UNDONE = [rollbackToSp('tv_call'), CALL_DONE]

/**
 * One host's data on PGlite. The host is one PostgreSQL transaction, opened by the store and rolled back after
 * {@link PgliteData.release} (at the head of the store's next call, which saves a round trip), so the next host
 * starts from empty tables for the cost of a rollback. Inside it,
 * what the platform commits is written at the transaction's top level (each call all or nothing, behind a
 * savepoint of its own), and a host transaction is a savepoint.
 *
 * PGlite has one connection, so a second session (`withNewSession`) inside a transaction is emulated: the
 * transaction's work is rolled back, the new session runs and keeps what it writes, and the transaction's
 * writes, logged as they were made, are written again. That is what the platform does when the new session
 * runs first; where it is not (the new session changed or deleted a row the transaction wrote, or wrote what
 * the transaction's writes then fail on, such as a reference to a row it deleted: on the platform it would
 * wait for the transaction's lock), the new session's writes are undone and it fails as a lock timeout would. A transaction that wrote through `withSql` cannot be replayed: `withNewSession` inside it is
 * refused before anything runs.
 *
 * Lasting data (`OpenRequest.lasting`, the emulator's `persist`) keeps the same layout but commits the
 * PostgreSQL transaction, and begins the next, each time the host is between transactions: after a host
 * transaction commits, and after each call outside one. Nothing is emptied at release.
 */
export class PgliteData extends SqlHostData {
  readonly #connection: PgliteConnection
  readonly #onRelease: () => void
  readonly #lasting: boolean
  /** The statement that points the transaction at the host's schema, run after each BEGIN. */
  readonly #searchPath: Statement
  /** The transaction whose savepoint is open, if any: PGlite runs one at a time. */
  #active: PgliteTransaction | undefined
  /** How many `isolated` calls run: their work is undone on a conflict, so nothing is committed meanwhile. */
  #isolating = 0
  /** Native SQL ran: it may have prepared statements of its own, which go at release. */
  #ranNative = false

  constructor(
    store: Store,
    request: OpenRequest,
    mapping: SqlMapping,
    schemaName: string,
    connection: PgliteConnection,
    onRelease: () => void,
    lasting = false,
  ) {
    super(store, request, mapping, schemaName)
    this.#connection = connection
    this.#onRelease = onRelease
    this.#lasting = lasting
    this.#searchPath = {
      text: `SET LOCAL search_path TO ${quoteName(schemaName)}, public`,
      params: [],
      repeated: true,
    }
    // Lasting ids go on from where they were, in the sequence. A test host's start at 1: it gives them
    // itself, and sets the sequence before native SQL (giveBackIds).
    if (!lasting) this.ownIds(1)
    // The transaction begins at the head of the host's first call: no round trip of its own.
    this.#connection.defer([BEGIN, this.#searchPath])
  }

  /**
   * What keeps lasting data's work once the host is between transactions: the commit of the PostgreSQL
   * transaction and the start of the next; nothing for a test host's data, or while a transaction or a new
   * session runs.
   */
  #settle(): Statement[] {
    if (!this.#lasting || this.#active !== undefined || this.#isolating > 0) return []
    return [COMMIT, BEGIN, this.#searchPath]
  }

  protected run(
    context: StoreContext | undefined,
    statements: readonly Statement[],
    native?: NativeKind,
  ): StatementResult[] {
    this.checkOpen()
    if (native !== undefined && !this.#ranNative) {
      // It may drop the connection's prepared statements or change the tables they were planned for.
      this.#ranNative = true
      this.#connection.stopPreparing()
    }
    const transaction = context?.transaction as PgliteTransaction | undefined
    // Native SQL may take ids of its own (a column's default): the sequence first gets back the ids taken
    // ahead, unless the transaction is aborted (PostgreSQL would refuse that too, in the native SQL's name).
    const head = native !== undefined && transaction?.aborted !== true ? this.giveBackIds() : []
    const all = head.length === 0 ? statements : [...head, ...statements]
    if (transaction === undefined) {
      if (context !== undefined && this.#active !== undefined) throw this.#otherSession()
      return this.#autonomous(all).slice(head.length)
    }
    if (transaction !== this.#active) throw this.#otherSession()
    const reply = this.#connection.run(all)
    if (reply.error !== undefined) {
      transaction.aborted = true
      throw sqlExceptionOf(reply.error, all[reply.results.length]?.text)
    }
    if (native !== undefined && !native.readOnly) transaction.wroteNatively = true
    return reply.results.slice(head.length)
  }

  /**
   * A test host is the sequence's only user (one host at a time on the store), so once native SQL ran (until
   * then it gives ids itself) it takes them in blocks, growing from 8 to 1,024 as it uses them; lasting data
   * takes them one at a time, as another process may share the sequence.
   */
  protected override idBlock(taken: number): number {
    return this.#lasting ? 1 : Math.min(1024, Math.max(8, taken))
  }

  protected override wrote(context: StoreContext, domain: string, id: number, row: StoredRow | null): void {
    ;(context.transaction as PgliteTransaction | undefined)?.log.push({ kind: 'write', domain, id, row })
  }

  override writeFile(context: StoreContext, file: StoredFileRecord): void {
    super.writeFile(context, file)
    ;(context.transaction as PgliteTransaction | undefined)?.log.push({ kind: 'file', file: file.value })
  }

  begin(tenant: string): StoreTransaction {
    if (this.#active !== undefined) throw this.#otherSession()
    const transaction = new PgliteTransaction(tenant, this.newSavepointName())
    this.#raw([sp(transaction.savepoint)])
    this.#active = transaction
    return transaction
  }

  commit(transaction: StoreTransaction): void {
    const own = this.#own(transaction)
    this.#active = undefined
    if (own.aborted) {
      this.#raw([rollbackToSp(own.savepoint), releaseSp(own.savepoint), ...this.#settle()])
      throw abortedTransaction('PostgreSQL rolled it back instead of committing it')
    }
    this.#raw([releaseSp(own.savepoint), ...this.#settle()])
  }

  rollback(transaction: StoreTransaction): void {
    const own = this.#own(transaction)
    this.#active = undefined
    this.#raw([rollbackToSp(own.savepoint), releaseSp(own.savepoint), ...this.#settle()])
  }

  savepoint(transaction: StoreTransaction): StoreSavepoint {
    const own = this.#own(transaction)
    const name = this.newSavepointName()
    const reply = this.#connection.run([sp(name)])
    if (reply.error !== undefined) throw sqlExceptionOf(reply.error, undefined)
    own.log.push({ kind: 'savepoint', name })
    return { name, logLength: own.log.length } satisfies PgliteSavepoint
  }

  rollbackTo(transaction: StoreTransaction, savepoint: StoreSavepoint): void {
    const own = this.#own(transaction)
    const { name, logLength } = savepoint as PgliteSavepoint
    this.#raw([rollbackToSp(name)])
    own.log.length = logLength
    own.aborted = false
  }

  isolated<T>(_context: StoreContext, fn: () => T): T {
    const suspended = this.#active
    if (suspended === undefined) return fn()
    if (suspended.wroteNatively) {
      throw new IllegalStateException(
        'QueryHelper.withNewSession: PGlite has one connection, so a new session inside a transaction is emulated by ' +
          'replaying the transaction’s writes after it, and this transaction wrote through withSql, which cannot be ' +
          'replayed. Nothing ran. Call withNewSession before the native writes or outside the transaction, or run the ' +
          'test on a server: createTestHost({ store: postgresStore({ url }) }).',
      )
    }
    // Undo the transaction's work; the new session then sees (and writes) what is committed.
    this.#raw([rollbackToSp(suspended.savepoint), releaseSp(suspended.savepoint)])
    this.#active = undefined
    this.#isolating++
    try {
      return this.#isolatedFrom(suspended, fn)
    } finally {
      this.#isolating--
    }
  }

  /** `isolated` inside a transaction, which it suspends and replays. */
  #isolatedFrom<T>(suspended: PgliteTransaction, fn: () => T): T {
    const guarded = this.#guarded(suspended)
    const before = this.#versions(guarded)
    const inner = this.newSavepointName()
    this.#raw([sp(inner)])
    let result: T | undefined
    let failure: { error: unknown } | undefined
    try {
      result = fn()
    } catch (error) {
      failure = { error }
    }
    this.#active = undefined
    const conflict =
      this.#conflict(guarded, before, this.#versions(guarded)) ?? this.#replayConflict(suspended)
    this.#raw(conflict === undefined ? [releaseSp(inner)] : [rollbackToSp(inner), releaseSp(inner)])
    // Redo the transaction's work after the new session's, as if that had run first.
    this.#replay(suspended)
    this.#active = suspended
    if (conflict !== undefined) {
      throw lockTimeout(conflict)
    }
    if (failure !== undefined) throw failure.error
    return result as T
  }

  release(): boolean {
    if (this.markReleased()) return true
    const open = this.#active
    this.#active = undefined
    // A closed store's database is gone, and the host's data with it. A prepared statement of native SQL
    // outlives the rollback: it goes too (with the connection's own), so that the next host can prepare one of
    // that name. Lasting data keeps what was committed, and never what a transaction still open wrote.
    // A test host's rollback waits for the next call on the store (the next host's BEGIN), which it heads:
    // no round trip of its own. Lasting data's commit runs now.
    const deallocate = this.#ranNative ? [DEALLOCATE_ALL] : []
    if (!this.#connection.closed) {
      if (this.#lasting)
        this.#connection.run([
          ...(open === undefined ? [] : [rollbackToSp(open.savepoint)]),
          COMMIT,
          ...deallocate,
        ])
      else this.#connection.defer([ROLLBACK, ...deallocate])
    }
    this.#onRelease()
    return true
  }

  /** Writes the transaction's logged steps again, in a savepoint of its name; it is aborted again if it was. */
  #replay(transaction: PgliteTransaction): void {
    const statements = this.#replayStatements(transaction)
    if (transaction.aborted) {
      statements.push({
        text: "DO $$ BEGIN RAISE EXCEPTION 'the transaction was aborted before the new session ran' USING ERRCODE = '25P02'; END $$",
        params: [],
      })
    }
    const reply = this.#connection.run(statements)
    if (reply.error !== undefined && !transaction.aborted) {
      transaction.aborted = true
      throw new IllegalStateException(
        `internal: the transaction's writes could not be written again after the new session (${reply.error.message}); the transaction is aborted.`,
      )
    }
  }

  /** The statements that write a transaction's logged steps again, in a savepoint of its name. */
  #replayStatements(transaction: PgliteTransaction): Statement[] {
    const statements: Statement[] = [sp(transaction.savepoint)]
    for (const step of transaction.log) {
      if (step.kind === 'savepoint') statements.push(sp(step.name))
      else if (step.kind === 'file') statements.push(this.fileStatement(transaction.tenant, step.file))
      else statements.push(...this.writeStatements(transaction.tenant, step.domain, step.id, step.row))
    }
    return statements
  }

  /**
   * Whether the transaction's writes fail on top of what the new session wrote, tried and undone: a write of
   * the new session that no row version shows, such as a reference to a row the transaction deleted, which on
   * the platform would wait for the transaction's lock.
   */
  #replayConflict(transaction: PgliteTransaction): string | undefined {
    const trial = 'tv_replay'
    const undo = [rollbackToSp(trial), releaseSp(trial)]
    const reply = this.#connection.run([sp(trial), ...this.#replayStatements(transaction), ...undo], undo)
    if (reply.error === undefined) return undefined
    return `wrote what the enclosing transaction’s own writes then failed on (${reply.error.message})`
  }

  /**
   * The rows a new session must leave alone, by table: each row the transaction wrote (exactly: a change is a
   * conflict) and each row its writes reference (a delete is a conflict, as the platform's foreign-key lock
   * would make it wait).
   */
  #guarded(transaction: PgliteTransaction): Map<string, { written: Set<string>; referenced: Set<string> }> {
    const guarded = new Map<string, { written: Set<string>; referenced: Set<string> }>()
    const at = (table: string): { written: Set<string>; referenced: Set<string> } => {
      let entry = guarded.get(table)
      if (entry === undefined) guarded.set(table, (entry = { written: new Set(), referenced: new Set() }))
      return entry
    }
    const files = this.fileTable
    for (const step of transaction.log) {
      if (step.kind === 'file') at(files).written.add(String(step.file.id))
      if (step.kind !== 'write') continue
      const table = this.tableOf(step.domain)
      at(table.name).written.add(String(step.id))
      if (step.row === null) continue
      for (const field of table.mapping.schema.fields.values()) {
        const value = step.row[field.name]
        if (value === null || value === undefined || field.name === 'id') continue
        if (field.type === 'DOMAIN_OBJECT') {
          const id = value as number
          at(this.tableOf(field.domain as string).name).referenced.add(String(id))
        }
        if (field.type === 'FILE') at(files).referenced.add(String((value as StorageFieldValue).id))
        if (field.type === 'DOMAIN_OBJECT_LIST') {
          const target = at(this.tableOf(field.domain as string).name)
          for (const id of value as readonly number[]) target.referenced.add(String(id))
        }
      }
    }
    return guarded
  }

  /** The version (`ctid` and `xmin`) of each guarded row that exists, by table. */
  #versions(guarded: ReadonlyMap<string, { written: Set<string>; referenced: Set<string> }>): Versions {
    const tables = [...guarded.keys()]
    if (tables.length === 0) return new Map()
    const results = this.#autonomous(
      tables.map((table) => {
        const { written, referenced } = guarded.get(table) as {
          written: Set<string>
          referenced: Set<string>
        }
        return {
          text: `SELECT id::text, ctid::text || '/' || xmin::text FROM ${table} WHERE id = ANY($1::bigint[])`,
          params: [arrayLiteral([...new Set([...written, ...referenced])])],
        }
      }),
    )
    return new Map(
      tables.map((table, i) => [
        table,
        new Map(
          (results[i] as StatementResult).rows.map(([id, version]) => [id as string, version as string]),
        ),
      ]),
    )
  }

  /** What the new session did to a guarded row, or `undefined` when it left them all alone. */
  #conflict(
    guarded: ReadonlyMap<string, { written: Set<string>; referenced: Set<string> }>,
    before: Versions,
    after: Versions,
  ): string | undefined {
    for (const [table, { written, referenced }] of guarded) {
      const was = before.get(table) as Map<string, string>
      const is = after.get(table) as Map<string, string>
      for (const id of written) {
        if (was.get(id) !== is.get(id))
          return `${was.has(id) ? 'changed or deleted' : 'created'} row ${id} of ${table}, which the enclosing transaction had written`
      }
      for (const id of referenced) {
        if (was.has(id) && !is.has(id))
          return `deleted row ${id} of ${table}, which the enclosing transaction’s writes reference`
      }
    }
    return undefined
  }

  /** Runs statements as the platform commits them: at the transaction's top level, all or nothing. */
  #autonomous(statements: readonly Statement[]): StatementResult[] {
    const reply = this.#connection.run([CALL, ...statements, CALL_DONE, ...this.#settle()], CALL_UNDONE)
    if (reply.error !== undefined)
      throw sqlExceptionOf(reply.error, statements[reply.results.length - 1]?.text)
    return reply.results.slice(1, statements.length + 1)
  }

  /** Runs the store's own statements, which must not fail. */
  #raw(statements: readonly Statement[]): void {
    runOwnStatements(this.store.kind, this.#connection, statements)
  }

  #own(transaction: StoreTransaction): PgliteTransaction {
    if (transaction !== this.#active) throw this.#otherSession()
    return transaction as PgliteTransaction
  }

  #otherSession(): IllegalStateException {
    return new IllegalStateException(
      'PGlite has one connection, and a transaction of another session is open on it: code in a second session ' +
        '(host.runAs inside QueryHelper.withTransaction, for instance) cannot run until it ends. Use ' +
        'QueryHelper.withNewSession for a second session, which PGlite emulates, or run the test on a server: ' +
        'createTestHost({ store: postgresStore({ url }) }).',
    )
  }
}
