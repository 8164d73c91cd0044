import type { SessionState } from '../host/host-context.js'
import type { HostData } from './store.js'

/**
 * Runs `fn` so that its writes happen all or not at all: inside the session's transaction, rolling back to a
 * savepoint if `fn` throws; or in a transaction of its own that commits when `fn` returns and rolls back when
 * it throws. What batchCreate and a seed import run in.
 *
 * @param data - The host's data.
 * @param session - The session of the code that calls.
 * @param fn - The writes.
 * @returns What `fn` returns.
 * @internal
 */
export function atomically<T>(data: HostData, session: SessionState, fn: () => T): T {
  const running = session.transaction
  if (running !== undefined) {
    const savepoint = data.savepoint(running)
    try {
      return fn()
    } catch (error) {
      data.rollbackTo(running, savepoint)
      throw error
    }
  }
  const transaction = data.begin(session.tenant)
  session.transaction = transaction
  let result: T
  try {
    result = fn()
  } catch (error) {
    session.transaction = undefined
    data.rollback(transaction)
    throw error
  }
  session.transaction = undefined
  // Outside the try: a commit that fails (the transaction was aborted) has ended the transaction itself.
  data.commit(transaction)
  return result
}
