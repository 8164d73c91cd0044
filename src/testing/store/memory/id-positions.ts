/** A block may span at most this many ids per row it holds (plus {@link SPARE}): past it, ids go to the map. */
const SPAN_PER_ROW = 16
/** Ids a block may span beyond {@link SPAN_PER_ROW} per row, so that a small table starts in one. */
const SPARE = 1024

/**
 * The position of each row of a table by id: what `Map<number, number>` would hold, in less time for the ids a
 * host's sequence hands out. Those come in ascending order, with the other domains' ids between them, so most
 * of a table's ids fall in a block of consecutive ids: an `Int32Array` holds their positions (plus one; 0 where
 * the block has no row), and a map only the ids outside it (a caller's own ids, ids far from the rest). A lookup
 * in the block is an index where the map hashes, and an insert writes a slot where the map adds an entry (a
 * table of many rows spent a tenth of a create there).
 *
 * The block grows by doubling while it spans at most {@link SPAN_PER_ROW} ids per row the table holds (four
 * bytes an id: at most about what a map entry costs a row), so a table of a domain written far less often than
 * the others keeps its ids in the map.
 *
 * @internal
 */
export class IdPositions {
  /** The first id of the block. */
  #base = 0
  /** Position + 1 by id - base; 0 where no row has the id. */
  #block = new Int32Array(0)
  /** Rows whose ids are in the block. */
  #inBlock = 0
  /** The positions of the ids outside the block. */
  readonly #outside = new Map<number, number>()

  /** How many ids it holds. */
  get size(): number {
    return this.#inBlock + this.#outside.size
  }

  /** The position of the row with an id, or `undefined`. */
  get(id: number): number | undefined {
    // Only an integer is looked up in the block: a fractional id (a query may ask for `eq('id', 1.5)`) is no
    // row's, and one a little off an integer (5e-324) would round to an index there.
    if (Number.isInteger(id)) {
      const slot = this.#block[id - this.#base]
      if (slot !== undefined) return slot === 0 ? undefined : slot - 1
    }
    return this.#outside.size === 0 ? undefined : this.#outside.get(id)
  }

  /** Whether a row has the id. */
  has(id: number): boolean {
    return this.get(id) !== undefined
  }

  /** Records the position of the row with an id (a safe integer). */
  set(id: number, position: number): void {
    let offset = id - this.#base
    if (offset < 0 || offset >= this.#block.length) {
      if (!this.#extend(id)) {
        this.#outside.set(id, position)
        return
      }
      offset = id - this.#base
    }
    const block = this.#block
    if (block[offset] === 0) this.#inBlock++
    block[offset] = position + 1
  }

  /** Forgets an id; `true` when it was held. */
  delete(id: number): boolean {
    const offset = id - this.#base
    const block = this.#block
    const slot = Number.isInteger(id) ? block[offset] : undefined
    if (slot !== undefined) {
      if (slot === 0) return false
      block[offset] = 0
      this.#inBlock--
      return true
    }
    return this.#outside.delete(id)
  }

  /** Forgets every id. */
  clear(): void {
    this.#base = 0
    this.#block = new Int32Array(0)
    this.#inBlock = 0
    this.#outside.clear()
  }

  /**
   * Grows the block to take the id, when it stays dense enough: an empty one starts at the id, and a block grows
   * upwards only (the sequence's ids ascend). Ids the map holds that the grown block spans move into it.
   *
   * @returns `false` when the id stays outside the block.
   */
  #extend(id: number): boolean {
    if (!Number.isSafeInteger(id)) return false
    if (this.#block.length === 0 && this.#outside.size === 0) {
      this.#base = id
      this.#block = new Int32Array(64)
      return true
    }
    const offset = id - this.#base
    if (offset < this.#block.length || offset > SPAN_PER_ROW * (this.size + 1) + SPARE) return false
    let length = Math.max(64, this.#block.length)
    while (length <= offset) length *= 2
    const grown = new Int32Array(length)
    grown.set(this.#block)
    // Each id has one place: what the map held in the grown span moves into the block.
    if (this.#outside.size > 0) {
      for (const [held, position] of this.#outside) {
        const at = held - this.#base
        if (at >= this.#block.length && at < length) {
          grown[at] = position + 1
          this.#inBlock++
          this.#outside.delete(held)
        }
      }
    }
    this.#block = grown
    return true
  }
}
