import { IllegalStateException } from '../../../errors/illegal-state-exception.js'
import type { SqlConnection, Statement } from '../sql/statement.js'
import { decodePipeline, encodePipeline } from '../sql/wire-protocol.js'
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
  /** Refuses every later call; the store closes the engine itself. */
  close(): void
}

/**
 * A synchronous connection to an in-process PGlite: each call is one pipeline through `execProtocolRawSync`.
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
  const call = (statements: readonly Statement[]): ReturnType<typeof decodePipeline> => {
    const bytes = encodePipeline(statements)
    return decodePipeline(withRealTimers(() => engine.execProtocolRawSync(bytes)))
  }
  return {
    get closed() {
      return closed
    },
    close() {
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
