import { IllegalStateException } from '../../../errors/illegal-state-exception.js'
import { createStoredRow, type DomainSchema, type StoredRow } from '../../domains/schema.js'
import { ValidQuery, type ValidPage } from '../query/valid-query.js'
import type {
  HostData,
  OpenRequest,
  RowReference,
  SelectResult,
  Store,
  StoreContext,
  StoreSavepoint,
  StoreTransaction,
  StoredFileRecord,
  StoreSql,
} from '../store.js'
import { compileCount, compileGet, compileSelect } from './compile-select.js'
import {
  compileDelete,
  compileFileRead,
  compileFileWrite,
  compileWrite,
  type RequiredRow,
} from './compile-write.js'
import { GroovySql } from './groovy-sql.js'
import { FILE_TABLE, SEQUENCE } from './sql-mapping.js'
import { quoteName } from './sql-name.js'
import { rowCountOf, type Statement, type StatementResult } from './statement.js'
import { decodeStored } from './stored-values.js'
import { tableSql, type TableSql } from './table-sql.js'
import type { SqlMapping } from './sql-mapping.js'
import type { StorageFieldValue } from '../../../model/storage-field-value.js'

/** Where an id was written through the host: its domain and tenant. */
interface IdOwner {
  readonly domain: string
  readonly tenant: string
}

/**
 * What a native statement is, for a store that must know whether a transaction wrote natively.
 *
 * @internal
 */
export interface NativeKind {
  /** Every statement only reads. */
  readonly readOnly: boolean
}

/**
 * One host's data in a PostgreSQL schema: the part every PostgreSQL store shares. Reads, writes, files, ids,
 * snapshots and `withSql` become statements (compiled from validated queries, never re-validated) that the
 * store runs on the right connection through {@link SqlHostData.run}; transactions and sessions are each
 * store's own.
 *
 * @internal
 */
export abstract class SqlHostData implements HostData {
  readonly store: Store
  readonly schemas: ReadonlyMap<string, DomainSchema>
  /** The PostgreSQL schema that holds the host's tables. */
  protected readonly schemaName: string
  /** The stored-file table, qualified. */
  protected readonly fileTable: string
  readonly #tenants: readonly string[]
  readonly #tables: ReadonlyMap<string, TableSql>
  readonly #owners = new Map<number, IdOwner>()
  /** Ids `nextId` gave that no row has yet: their first write is a create. */
  readonly #issued = new Set<number>()
  readonly #sequence: string
  /** Ids taken from the sequence ahead of {@link SqlHostData.nextId} (see {@link SqlHostData.idBlock}), in order. */
  #ahead: number[] = []
  /** How many of {@link SqlHostData.#ahead} `nextId` gave. */
  #aheadUsed = 0
  /** How many ids this host took from the sequence. */
  #taken = 0
  /** The next id while this host gives them itself ({@link SqlHostData.ownIds}), without the sequence. */
  #own: number | undefined
  #savepoints = 0
  #released = false

  /**
   * @param store - The store.
   * @param request - The host's domains and tenants.
   * @param mapping - The domains' tables.
   * @param schemaName - The PostgreSQL schema they are in.
   * @param likeCollation - The collation `iLike` folds case by, if not the text columns' own.
   */
  constructor(
    store: Store,
    request: OpenRequest,
    mapping: SqlMapping,
    schemaName: string,
    likeCollation?: string,
  ) {
    this.store = store
    this.schemas = request.schemas
    this.#tenants = request.tenants
    this.schemaName = schemaName
    this.#tables = tableSql(mapping, schemaName, likeCollation)
    this.#sequence = `${quoteName(schemaName)}.${quoteName(SEQUENCE)}`
    this.fileTable = `${quoteName(schemaName)}.${quoteName(FILE_TABLE)}`
  }

  /**
   * Runs statements for a context, in order and all or nothing where the context has no transaction: on the
   * connection of the context's transaction, or as a statement of its own (`context` `undefined`: outside
   * any session, as ids and snapshots are read).
   *
   * @param context - Whose statements they are.
   * @param statements - The statements.
   * @param native - Set for statements of `withSql`.
   * @returns One result per statement.
   * @throws `SQLException` with PostgreSQL's SQLSTATE when a statement fails.
   */
  protected abstract run(
    context: StoreContext | undefined,
    statements: readonly Statement[],
    native?: NativeKind,
  ): StatementResult[]

  abstract begin(tenant: string): StoreTransaction
  abstract commit(transaction: StoreTransaction): void
  abstract rollback(transaction: StoreTransaction): void
  abstract savepoint(transaction: StoreTransaction): StoreSavepoint
  abstract rollbackTo(transaction: StoreTransaction, savepoint: StoreSavepoint): void
  abstract isolated<T>(context: StoreContext, fn: () => T): T
  abstract release(): boolean

  /** Throws once the host has given its data back ({@link SqlHostData.markReleased}). */
  protected checkOpen(): void {
    if (this.#released)
      throw new IllegalStateException(
        `This host gave its ${this.store.kind} data back when it was uninstalled; install it again to start from its seed data.`,
      )
  }

  /**
   * Marks the data as given back, for {@link SqlHostData.release}.
   *
   * @returns `true` when it already was, so that a second release does nothing more.
   */
  protected markReleased(): boolean {
    const already = this.#released
    this.#released = true
    return already
  }

  /** A savepoint name no other savepoint of this host's data has. */
  protected newSavepointName(): string {
    return `tv_${++this.#savepoints}`
  }

  /** The statement that restarts the id sequence, as a new host's ids start at 1. */
  protected restartSequence(): Statement {
    return {
      text: `SELECT setval('${this.#sequence.replaceAll("'", "''")}', 1, false)`,
      params: [],
      repeated: true,
    }
  }

  /**
   * How many ids {@link SqlHostData.nextId} takes from the sequence in one statement, given how many this host
   * took so far: 1 unless a store whose host is the sequence's only user says more, which saves a round trip
   * per id. Ids stay unique (`nextval` never gives a value twice); a store that takes more gives the unused
   * ones back with {@link SqlHostData.giveBackIds} before native SQL, which may take ids of its own.
   */
  protected idBlock(_taken: number): number {
    return 1
  }

  /**
   * From now on this host gives its ids itself, from `first` up, with no statement: for a store whose host is
   * the sequence's only user and knows where it starts (a test host starts at 1). The sequence is set to where
   * the host got by {@link SqlHostData.giveBackIds}, before native SQL, which may take ids of its own (a
   * column's default); after that the host takes its ids from the sequence ({@link SqlHostData.idBlock}).
   */
  protected ownIds(first: number): void {
    this.#own = first
  }

  nextId(): number {
    if (this.#own !== undefined) {
      const id = this.#own++
      this.#issued.add(id)
      return id
    }
    if (this.#aheadUsed === this.#ahead.length) {
      const size = this.idBlock(this.#taken)
      const sequence = this.#sequence.replaceAll("'", "''")
      const text =
        size === 1
          ? `SELECT nextval('${sequence}')`
          : `SELECT nextval('${sequence}') FROM generate_series(1, ${size})`
      const [result] = this.run(undefined, [{ text, params: [], repeated: true }])
      this.#ahead = (result?.rows ?? []).map((row) => Number(row[0]))
      this.#aheadUsed = 0
      this.#taken += size
    }
    const id = this.#ahead[this.#aheadUsed++] as number
    this.#issued.add(id)
    return id
  }

  /**
   * The statement that gives the sequence back the ids taken ahead and not yet given, or sets it where the
   * host got while it gave ids itself (none: no statement), leaving it as if each id `nextId` gave had been its
   * own `nextval`; they are forgotten here, since native SQL after it may take them. Only for a store whose
   * host is the sequence's only user.
   */
  protected giveBackIds(): Statement[] {
    const first = this.#own ?? this.#ahead[this.#aheadUsed]
    this.#own = undefined
    this.#ahead = []
    this.#aheadUsed = 0
    if (first === undefined) return []
    const sequence = this.#sequence.replaceAll("'", "''")
    return [
      {
        text:
          first > 1 ? `SELECT setval('${sequence}', ${first - 1})` : `SELECT setval('${sequence}', 1, false)`,
        params: [],
      },
    ]
  }

  domainOfId(id: number, tenant: string): string | undefined {
    const owner = this.#owners.get(id)
    if (owner !== undefined) return owner.tenant === tenant ? owner.domain : undefined
    // Written by native SQL: ask the tables.
    const tables = [...this.#tables.values()]
    if (tables.length === 0) return undefined
    const text = tables
      .map((t, i) => `SELECT ${i} FROM ${t.name} WHERE id = $1 AND tenant_id = $2`)
      .join(' UNION ALL ')
    const [result] = this.run(undefined, [{ text, params: [String(id), tenant], repeated: true }])
    const index = result?.rows[0]?.[0]
    return index == null ? undefined : tables[Number(index)]?.mapping.schema.name
  }

  get(context: StoreContext, domain: string, id: number): StoredRow | undefined {
    const table = this.#table(domain)
    const [result] = this.run(context, [compileGet(table, context.tenant, id)])
    const row = result?.rows[0]
    return row === undefined ? undefined : this.#decode(table, row)
  }

  select(context: StoreContext, domain: string, query: ValidQuery, page?: ValidPage): SelectResult {
    if (query.matchesNothing) return { rows: [], totalCount: 0 }
    const table = this.#table(domain)
    const [result] = this.run(context, [compileSelect(table, context.tenant, query, page)]) as [
      StatementResult,
    ]
    const rows = result.rows.map((row) => this.#decode(table, row))
    if (page === undefined) return { rows, totalCount: rows.length }
    const first = result.rows[0]
    if (first !== undefined) return { rows, totalCount: Number(first[first.length - 1]) }
    // No row on the page: the window had nothing to count over.
    return { rows, totalCount: page.offset === 0 ? 0 : this.count(context, domain, query) }
  }

  count(context: StoreContext, domain: string, query: ValidQuery): number {
    if (query.matchesNothing) return 0
    const [result] = this.run(context, [compileCount(this.#table(domain), context.tenant, query)])
    return Number(result?.rows[0]?.[0])
  }

  write(context: StoreContext, domain: string, id: number, row: StoredRow | null): void {
    if (row === null) {
      this.run(context, this.writeStatements(context.tenant, domain, id, null))
      this.wrote(context, domain, id, null)
      return
    }
    const [upsert] = this.run(
      context,
      this.writeStatements(context.tenant, domain, id, row, this.#issued.has(id)),
    )
    if (rowCountOf(upsert?.command ?? '') !== 1) {
      throw new IllegalStateException(
        `internal: ${domain} ${id} belongs to another tenant than '${context.tenant}'; nothing was written.`,
      )
    }
    this.#created(context.tenant, domain, id)
    this.wrote(context, domain, id, row)
  }

  /**
   * A create whose references the insert checks, where that costs no more statements than the write: the
   * table has no list field (whose join rows are statements of their own) and the next id needs no statement,
   * so that it can be given back when a reference is missing. Elsewhere (and so on a store that takes each
   * id from the sequence), each reference is read first, as the host would, then the row is written.
   */
  createReferencing(
    context: StoreContext,
    domain: string,
    build: (id: number) => StoredRow,
    references: readonly RowReference[],
  ): StoredRow | undefined {
    const table = this.#table(domain)
    if (table.listTables.length > 0 || (this.#own === undefined && this.#aheadUsed === this.#ahead.length)) {
      for (const { domain: target, id } of references)
        if (this.get(context, target, id) === undefined) return undefined
      const id = this.nextId()
      const row = build(id)
      this.write(context, domain, id, row)
      return row
    }
    const id = this.nextId()
    const row = build(id)
    const required = new Map<string, RequiredRow>()
    for (const { domain: target, id: targetId } of references)
      required.set(`${target} ${targetId}`, { table: this.#table(target), id: targetId })
    const [insert] = this.run(context, compileWrite(table, context.tenant, row, true, [...required.values()]))
    if (rowCountOf(insert?.command ?? '') !== 1) {
      // A referenced row is missing: nothing was written, and the id goes to the next create.
      this.#issued.delete(id)
      if (this.#own === id + 1) this.#own = id
      else this.#aheadUsed--
      return undefined
    }
    this.#created(context.tenant, domain, id)
    this.wrote(context, domain, id, row)
    return row
  }

  /** A row with an id was written: the id is no longer new, and has its domain and tenant. */
  #created(tenant: string, domain: string, id: number): void {
    this.#issued.delete(id)
    if (!this.#owners.has(id)) this.#owners.set(id, { domain, tenant })
  }

  /**
   * A row was written (or, for `null`, deleted) through {@link SqlHostData.write} or
   * {@link SqlHostData.createReferencing}: for a store that keeps what a transaction wrote. Nothing by default.
   */
  protected wrote(_context: StoreContext, _domain: string, _id: number, _row: StoredRow | null): void {}

  writeFile(context: StoreContext, file: StoredFileRecord): void {
    this.run(context, [this.fileStatement(file.tenant, file.value)])
  }

  readFile(context: StoreContext, id: number): StoredFileRecord | undefined {
    const [result] = this.run(context, [compileFileRead(this.schemaName, context.tenant, id)])
    const row = result?.rows[0]
    if (row === undefined) return undefined
    const [fileId, fileName, mimeType, displaySequence, description, key, storageEngine] = row
    const value: StorageFieldValue = Object.freeze({
      id: Number(fileId),
      fileName: fileName as string,
      mimeType: mimeType as string,
      displaySequence: Number(displaySequence),
      description: description ?? null,
      key: key as string,
      storageEngine: storageEngine as string,
    })
    return { value, tenant: context.tenant }
  }

  snapshot(): Map<string, Map<string, ReadonlyMap<number, StoredRow>>> {
    const reads: { tenant: string; table: TableSql }[] = []
    for (const tenant of this.#tenants)
      for (const table of this.#tables.values()) reads.push({ tenant, table })
    const results = this.run(
      undefined,
      reads.map(({ tenant, table }) =>
        compileSelect(table, tenant, new ValidQuery(table.mapping.schema, true, [], false, true)),
      ),
    )
    const snapshot = new Map<string, Map<string, ReadonlyMap<number, StoredRow>>>()
    reads.forEach(({ tenant, table }, i) => {
      let domains = snapshot.get(tenant)
      if (domains === undefined)
        snapshot.set(tenant, (domains = new Map<string, ReadonlyMap<number, StoredRow>>()))
      const rows = (results[i] as StatementResult).rows.map((row) => this.#decode(table, row))
      domains.set(table.mapping.schema.name, new Map(rows.map((row) => [row.id, row])))
    })
    return snapshot
  }

  sql(context: StoreContext): StoreSql {
    return new GroovySql((statements, readOnly) => this.run(context, statements, { readOnly }))
  }

  /**
   * The statements that write a row (or, for `null`, delete it), all or nothing; `create` for a row whose id
   * this host issued and never wrote (see `compileWrite`).
   */
  protected writeStatements(
    tenant: string,
    domain: string,
    id: number,
    row: StoredRow | null,
    create = false,
  ): Statement[] {
    const table = this.#table(domain)
    return row === null ? compileDelete(table, tenant, id) : compileWrite(table, tenant, row, create)
  }

  /** The statement that records a stored file. */
  protected fileStatement(tenant: string, file: StorageFieldValue): Statement {
    return compileFileWrite(this.schemaName, tenant, file)
  }

  /** Every domain table and join table, qualified. */
  protected allTables(): string[] {
    return [...this.#tables.values()].flatMap((table) => [table.name, ...table.listTables])
  }

  /** A domain's table. */
  protected tableOf(domain: string): TableSql {
    return this.#table(domain)
  }

  #table(domain: string): TableSql {
    const table = this.#tables.get(domain)
    if (table === undefined) throw new Error(`internal: no table for domain ${domain}`)
    return table
  }

  #decode(table: TableSql, texts: readonly (string | null)[]): StoredRow {
    const values: Record<string, unknown> = {}
    const schema = table.mapping.schema
    let i = 0
    for (const field of schema.fields.values()) {
      values[field.name] = decodeStored(field, texts[i++] ?? null, `${schema.name} ${texts[0] ?? ''}`)
    }
    return createStoredRow(schema, values)
  }
}
