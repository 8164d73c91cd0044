import { IllegalStateException } from '../../../errors/illegal-state-exception.js'
import type { SqlConnection, Statement } from '../sql/statement.js'
import { decodePipeline, encodePipeline } from '../sql/wire-protocol.js'
import { withRealTimers } from './with-real-timers.js'

/** What the store calls of a PGlite instance: the protocol, synchronously. @internal */
export interface PgliteEngine {
  execProtocolRawSync(message: Uint8Array): Uint8Array
  /**
   * The protocol with the replies handed to `onRawData` as the backend writes them. PGlite (0.5) runs the
   * exchange before the returned promise's first `await`, which `syncToFs: false` leaves out: the replies are
   * all in when the call returns. Unlike `execProtocolRawSync`, PGlite does not also parse them for itself.
   */
  execProtocolRawStream?(
    message: Uint8Array,
    options: { syncToFs: boolean; onRawData: (chunk: Uint8Array) => void },
  ): Promise<void>
}

/** ReadyForQuery, `Z` with a length of 5 and a status byte: the last message of every exchange. */
const READY_FOR_QUERY_SIZE = 6

/**
 * One exchange with the engine: the replies to `bytes`. Through `execProtocolRawStream` where PGlite has it,
 * which skips PGlite's own parse of every reply (8% of a typical test's time, issue 26), else
 * `execProtocolRawSync`.
 */
function exchange(engine: PgliteEngine, bytes: Uint8Array): Uint8Array {
  if (engine.execProtocolRawStream === undefined) return engine.execProtocolRawSync(bytes)
  const chunks: Buffer[] = []
  let size = 0
  const done = engine.execProtocolRawStream(bytes, {
    syncToFs: false,
    onRawData: (chunk) => {
      // A view of the engine's memory, which the next write reuses: copied.
      chunks.push(Buffer.from(chunk))
      size += chunk.length
    },
  })
  // The exchange ran before the call returned; a failure of it rejects the promise only later, so it is
  // reported here, by the replies' missing end, and the rejection is not left unhandled.
  done.catch(() => undefined)
  const reply = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size)
  if (size < READY_FOR_QUERY_SIZE || reply[size - READY_FOR_QUERY_SIZE] !== 0x5a)
    throw new IllegalStateException(
      'internal: PGlite ended an exchange without ReadyForQuery (its engine failed); the store cannot go on. Close it and make a new one with pgliteStore().',
    )
  return reply
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
   * release): they go at the head of the next call's pipeline, or run at `close()`. They must not fail.
   */
  defer(statements: readonly Statement[]): void
  /** Runs what was deferred, then refuses every later call; the store closes the engine itself. */
  close(): void
}

/**
 * A synchronous connection to an in-process PGlite: each call is one pipeline through `execProtocolRawSync`,
 * headed by whatever was deferred since the last.
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
  const call = (statements: readonly Statement[]): ReturnType<typeof decodePipeline> => {
    const head = deferred
    deferred = []
    const bytes = encodePipeline(head.length === 0 ? statements : [...head, ...statements])
    roundTrips++
    const reply = decodePipeline(withRealTimers(() => exchange(engine, bytes)))
    if (head.length === 0) return reply
    if (reply.results.length < head.length)
      throw new IllegalStateException(
        `internal: PGlite refused ${head[reply.results.length]?.text}, deferred from the last host's release: ${reply.error?.message}`,
      )
    return { results: reply.results.slice(head.length), error: reply.error }
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
