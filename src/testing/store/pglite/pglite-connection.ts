import { IllegalStateException } from '../../../errors/illegal-state-exception.js'
import type { SqlConnection, Statement } from '../sql/statement.js'
import { DEALLOCATE_ALL, PreparedStatements } from '../sql/prepared-statements.js'
import { decodePipeline, encodePipeline, type PipelineReply } from '../sql/wire-protocol.js'
import { withRealTimers } from './with-real-timers.js'

/** The one method of a PGlite instance the store calls: the protocol, synchronously. @internal */
export interface PgliteEngine {
  execProtocolRawSync(message: Uint8Array): Uint8Array
}

/**
 * The store's connection to its PGlite, which the store closes with the engine. @internal
 */
export interface PgliteConnection extends SqlConnection {
  /** Whether the store was closed: every later call is an `IllegalStateException` saying so. */
  readonly closed: boolean
  /** How many round trips (`execProtocolRawSync` calls) the connection has made: what a test counts. */
  readonly roundTrips: number
  /**
   * Statements that must run before anything else but need no round trip of their own (a host's rollback at
   * release, the next host's `BEGIN`): they go at the head of the next call's pipeline, or run at `close()`.
   * They must not fail.
   */
  defer(statements: readonly Statement[]): void
  /**
   * Native SQL is about to run: it may drop prepared statements (`DEALLOCATE`) or change the tables they were
   * planned for, so from now on every statement goes through the unnamed statement, parsed each time, until a
   * pipeline drops them all ({@link DEALLOCATE_ALL}, run or deferred).
   */
  stopPreparing(): void
  /** Runs what was deferred, then refuses every later call; the store closes the engine itself. */
  close(): void
}

/** How many prepared statements a connection keeps: a few per domain and query shape. */
const MOST_PREPARED = 256

/**
 * A synchronous connection to an in-process PGlite: each call is one pipeline through `execProtocolRawSync`,
 * headed by whatever was deferred since the last. The store's `repeated` statements go through prepared
 * statements it keeps (see {@link PreparedStatements}): parsing and planning a statement at every call cost
 * about as much as running it.
 *
 * PGlite arms its timers with the global `setTimeout`, from delays it computes with the global `Date`; under a
 * test's fake timers they would land on the fake clock (and `vi.runAllTimers()` would run PGlite's). Each call
 * therefore runs with Node's real `setTimeout`, `clearTimeout` and `Date` put back on `globalThis` (see
 * `withRealTimers`), and the caller's restored afterwards.
 *
 * @param engine - The PGlite instance.
 * @returns The connection, which refuses every call once closed.
 * @internal
 */
export function pgliteConnection(engine: PgliteEngine): PgliteConnection {
  let closed = false
  let roundTrips = 0
  let deferred: readonly Statement[] = []
  const prepared = new PreparedStatements(MOST_PREPARED, 'tv_ps_')
  let preparing = true
  const call = (statements: readonly Statement[]): PipelineReply => {
    const head = deferred
    deferred = []
    const all = head.length === 0 ? statements : [...head, ...statements]
    if (!preparing && all.includes(DEALLOCATE_ALL)) preparing = true
    const plan = preparing ? prepared.plan(all) : undefined
    const bytes = encodePipeline(all, plan?.names, plan?.closes)
    roundTrips++
    const reply = decodePipeline(withRealTimers(() => engine.execProtocolRawSync(bytes)))
    if (plan !== undefined) prepared.settle(all, plan, reply.parsed)
    if (head.length === 0) return reply
    if (reply.results.length < head.length)
      throw new IllegalStateException(
        `internal: PGlite refused ${head[reply.results.length]?.text}, deferred to the head of this call: ${reply.error?.message}`,
      )
    return { results: reply.results.slice(head.length), error: reply.error, parsed: reply.parsed }
  }
  return {
    get closed() {
      return closed
    },
    get roundTrips() {
      return roundTrips
    },
    defer(statements) {
      deferred = [...deferred, ...statements]
    },
    stopPreparing() {
      preparing = false
    },
    close() {
      if (closed) return
      if (deferred.length > 0) call([])
      closed = true
    },
    run(statements, onError) {
      if (closed)
        throw new IllegalStateException(
          'The PGlite store is closed; make a new one with pgliteStore(), and close it after the hosts that use it are uninstalled.',
        )
      const reply = call(statements)
      if (reply.error !== undefined && onError !== undefined && onError.length > 0) call(onError)
      return reply
    },
  }
}
