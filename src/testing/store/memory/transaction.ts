import type { StoredRow } from '../../domains/schema.js'
import { TransactionOverlay } from './transaction-overlay.js'

/** A point a {@link Transaction} can roll back to: the length of its journal when it was taken. */
export type Savepoint = number

/**
 * The journal: three slots per write, the overlay it went to, the id, and what the overlay held for the id
 * before. Flat, so that a write costs no object of its own.
 */
type Journal = (TransactionOverlay | number | StoredRow | null | undefined)[]

/**
 * A transaction of the in-memory store: its writes stay in one overlay per domain until it commits, and a
 * journal of them lets a part of it roll back (a savepoint, as a nested all-or-nothing call needs) without
 * copying what was written before.
 */
export class Transaction {
  /** The tenant it writes to; a transaction never crosses tenants. */
  readonly tenant: string
  /** Set by `setRollbackOnly()` or by a joined call that threw. */
  rollbackOnly = false
  readonly #overlays = new Map<string, TransactionOverlay>()
  readonly #journal: Journal = []

  constructor(tenant: string) {
    this.tenant = tenant
  }

  /** The uncommitted writes to a domain, or `undefined` when it has none. */
  overlay(domain: string): TransactionOverlay | undefined {
    return this.#overlays.get(domain)
  }

  /** Every domain's uncommitted writes. */
  overlays(): IterableIterator<[domain: string, overlay: TransactionOverlay]> {
    return this.#overlays.entries()
  }

  /** Writes a row (insert or replace by id), or deletes the id when `row` is `null`. */
  write(domain: string, id: number, row: StoredRow | null): void {
    let overlay = this.#overlays.get(domain)
    if (overlay === undefined) this.#overlays.set(domain, (overlay = new TransactionOverlay()))
    this.#journal.push(overlay, id, overlay.put(id, row))
  }

  /** The point to roll back to with {@link Transaction.rollbackTo}. */
  savepoint(): Savepoint {
    return this.#journal.length
  }

  /** Undoes every write made since `savepoint`, newest first. */
  rollbackTo(savepoint: Savepoint): void {
    const journal = this.#journal
    while (journal.length > savepoint) {
      const previous = journal.pop() as StoredRow | null | undefined
      const id = journal.pop() as number
      const overlay = journal.pop() as TransactionOverlay
      if (previous === undefined) overlay.forget(id)
      else overlay.set(id, previous)
    }
  }
}
