/**
 * Lets the emulator's requests reach the host one at a time. A request that awaits while it holds a transaction
 * (an object hook after a write, a logic that awaits) must not share it with another request: a PostgreSQL store
 * has one connection per host, and another request's statements would run inside that transaction and be
 * undone with it. A request whose work on the host is synchronous passes through at once, so requests wait only
 * behind one that awaits.
 *
 * @internal
 */
export class RequestGate {
  #tail: Promise<unknown> = Promise.resolve()

  /**
   * Runs the work once every request let in before it has settled.
   *
   * @param work - The request's work.
   * @returns What the work resolves to.
   */
  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(work)
    this.#tail = result.catch(() => undefined)
    return result
  }
}
