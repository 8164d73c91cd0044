import type { SQLException } from '../../../errors/sql-exception.js'
import type { DomainSchema, StoredRow } from '../../domains/schema.js'
import { lockTimeout } from '../lock-timeout.js'
import type { Table } from './table.js'
import type { Transaction } from './transaction.js'

/** A committed row as it was before a new session wrote it: `undefined` when the table had none. */
interface UndoEntry {
  readonly table: Table
  readonly id: number
  readonly previous: StoredRow | undefined
}

/**
 * A new session (`withNewSession`) that runs while the transactions of the sessions around it wait: the
 * in-memory store's stand-in for PostgreSQL's row locks. A row those transactions wrote (created, changed or
 * deleted) is locked against every write, and a row their writes reference against deletion (the foreign key's
 * lock); a row they deleted cannot be referenced. On the platform such a write waits for a transaction that
 * cannot go on until the new session returns, so it fails after the lock timeout: here it fails at once, and
 * what the new session committed is undone. Reads never wait.
 *
 * @internal
 */
export class NewSession {
  /** The transactions that wait for it, outermost first. */
  readonly held: readonly Transaction[]
  /** The lock timeout it failed with, if a write of it would have waited. */
  failure: SQLException | undefined
  readonly #schemas: ReadonlyMap<string, DomainSchema>
  readonly #undo: UndoEntry[] = []
  /** The ids the held transactions' rows reference, by tenant and domain: made on the first delete. */
  readonly #referenced = new Map<string, Map<string, Set<number>>>()

  constructor(schemas: ReadonlyMap<string, DomainSchema>, held: readonly Transaction[]) {
    this.#schemas = schemas
    this.held = held
  }

  /**
   * Fails a write of the new session that would wait for a held transaction's lock.
   *
   * @throws SQLException `55P03`, remembered so that the whole new session fails even if its code catches it.
   */
  check(tenant: string, domain: string, id: number, row: StoredRow | null): void {
    const conflict = this.#conflict(tenant, domain, id, row)
    if (conflict === undefined) return
    const error = lockTimeout(conflict)
    this.failure ??= error
    throw error
  }

  /** Remembers a committed row before the new session writes it, so that a failure can undo the write. */
  record(table: Table, id: number): void {
    this.#undo.push({ table, id, previous: table.get(id) })
  }

  /** Takes over what a new session inside it committed: it is undone with this one's if this one fails. */
  adopt(inner: NewSession): void {
    for (const entry of inner.#undo) this.#undo.push(entry)
  }

  /** Puts back every committed row it wrote, newest first. */
  undo(): void {
    for (const { table, id, previous } of this.#undo.reverse()) {
      if (previous === undefined) table.delete(id)
      else if (table.has(id)) table.replace(previous)
      else table.insert(previous)
    }
    this.#undo.length = 0
  }

  #conflict(tenant: string, domain: string, id: number, row: StoredRow | null): string | undefined {
    const held = this.held.filter((transaction) => transaction.tenant === tenant)
    if (held.some((transaction) => transaction.overlay(domain)?.has(id) === true))
      return `${row === null ? 'deleted' : 'wrote'} row ${id} of ${domain}, which the enclosing transaction had written`
    if (row === null) {
      return this.#referencedIds(tenant, held).get(domain)?.has(id) === true
        ? `deleted row ${id} of ${domain}, which the enclosing transaction’s writes reference`
        : undefined
    }
    for (const [target, ids] of references(this.#schema(domain), row)) {
      for (const ref of ids) {
        if (held.some((transaction) => transaction.overlay(target)?.entry(ref) === null))
          return `references row ${ref} of ${target}, which the enclosing transaction deleted`
      }
    }
    return undefined
  }

  #referencedIds(tenant: string, held: readonly Transaction[]): Map<string, Set<number>> {
    let referenced = this.#referenced.get(tenant)
    if (referenced !== undefined) return referenced
    referenced = new Map()
    for (const transaction of held) {
      for (const [domain, overlay] of transaction.overlays()) {
        const schema = this.#schema(domain)
        for (const row of overlay.rows()) {
          for (const [target, ids] of references(schema, row)) {
            let set = referenced.get(target)
            if (set === undefined) referenced.set(target, (set = new Set()))
            for (const ref of ids) set.add(ref)
          }
        }
      }
    }
    this.#referenced.set(tenant, referenced)
    return referenced
  }

  #schema(domain: string): DomainSchema {
    const schema = this.#schemas.get(domain)
    if (schema === undefined) throw new Error(`internal: no domain ${domain}`)
    return schema
  }
}

/** The ids a row references, by the referenced domain. */
function* references(schema: DomainSchema, row: StoredRow): Generator<[string, readonly number[]]> {
  for (const field of schema.fields.values()) {
    const value = row[field.name]
    if (value === null || value === undefined || field.domain === undefined) continue
    if (field.type === 'DOMAIN_OBJECT') yield [field.domain, [value as number]]
    else if (field.type === 'DOMAIN_OBJECT_LIST') yield [field.domain, value as readonly number[]]
  }
}
