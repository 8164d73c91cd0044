import type { Statement } from './statement.js'
import type { PreparedName } from './wire-protocol.js'

/**
 * The statement that drops every prepared statement of the session, the connection's and native SQL's: a
 * pipeline holding it (this object) is planned so that nothing made before it is kept.
 *
 * @internal
 */
export const DEALLOCATE_ALL: Statement = Object.freeze({ text: 'DEALLOCATE ALL', params: [] })

/** What {@link PreparedStatements.plan} decided for one pipeline, for {@link PreparedStatements.settle}. */
export interface PreparedPlan {
  /** For each statement, the prepared statement it goes through, or `undefined`: the unnamed statement. */
  readonly names: readonly (PreparedName | undefined)[]
  /** The prepared statements to drop before the pipeline's statements (least recently used). */
  readonly closes: readonly string[]
}

/**
 * The prepared statements one connection keeps for the store's `repeated` statements, by text: each is parsed
 * and planned once, and then only bound and executed (an unnamed statement is parsed and planned at every
 * call). At most `limit` are kept; the least recently used is dropped when another is made. A statement is
 * known only once the backend answered its Parse, so a pipeline that stopped at an error leaves nothing
 * half-known; each new one takes a name never used before on the connection.
 *
 * It is the connection's: prepared statements live in a session, so a store keeps one per connection, and
 * forgets them where a pipeline drops them ({@link DEALLOCATE_ALL}).
 *
 * @internal
 */
export class PreparedStatements {
  readonly #limit: number
  readonly #prefix: string
  /** Each prepared statement, by text, least recently used first: how a pipeline sends it. */
  readonly #names = new Map<string, PreparedName>()
  #made = 0

  /**
   * @param limit - How many to keep at most.
   * @param prefix - What their names start with (`tv_ps_`), after which a number.
   */
  constructor(limit: number, prefix: string) {
    this.#limit = limit
    this.#prefix = prefix
  }

  /** How many the connection keeps. */
  get size(): number {
    return this.#names.size
  }

  /**
   * How to send a pipeline's statements: a `repeated` one through its prepared statement, made by this
   * pipeline if it is not kept yet (a text twice in one pipeline is made once); any other, and any before a
   * {@link DEALLOCATE_ALL} (which drops them all, and after which they are made again), through the unnamed
   * statement.
   *
   * @param statements - The pipeline's statements.
   * @returns The plan, to send (`encodePipeline`) and then to {@link PreparedStatements.settle}.
   */
  plan(statements: readonly Statement[]): PreparedPlan {
    const names: (PreparedName | undefined)[] = []
    const made = new Map<string, string>()
    const used = new Set<string>()
    const dropsAt = statements.lastIndexOf(DEALLOCATE_ALL)
    if (dropsAt >= 0) this.#names.clear()
    for (let i = 0; i < statements.length; i++) {
      const { text, repeated } = statements[i] as Statement
      if (repeated !== true || i < dropsAt) {
        names.push(undefined)
        continue
      }
      const kept = this.#names.get(text)
      if (kept !== undefined) {
        // The most recently used go last.
        this.#names.delete(text)
        this.#names.set(text, kept)
        used.add(kept.name)
        names.push(kept)
        continue
      }
      const making = made.get(text)
      if (making !== undefined) {
        names.push({ name: making, parse: false })
        continue
      }
      if (used.size + made.size >= this.#limit) {
        names.push(undefined)
        continue
      }
      const name = `${this.#prefix}${++this.#made}`
      made.set(text, name)
      names.push({ name, parse: true })
    }
    const closes: string[] = []
    for (const [text, { name }] of this.#names) {
      if (this.#names.size + made.size <= this.#limit || used.has(name)) break
      closes.push(name)
      this.#names.delete(text)
    }
    return { names, closes }
  }

  /**
   * Keeps the statements a pipeline made, now that the backend answered: the first `parsed` Parse messages
   * completed (the pipeline stops at its first error).
   *
   * @param statements - The pipeline's statements, as planned.
   * @param plan - The plan it was sent with.
   * @param parsed - How many of its Parse messages completed (`PipelineReply.parsed`).
   */
  settle(statements: readonly Statement[], plan: PreparedPlan, parsed: number): void {
    let parses = 0
    for (let i = 0; i < statements.length && parses < parsed; i++) {
      const name = plan.names[i]
      if (name !== undefined && !name.parse) continue
      parses++
      if (name !== undefined)
        this.#names.set((statements[i] as Statement).text, { name: name.name, parse: false })
    }
  }
}
