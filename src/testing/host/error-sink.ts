/**
 * Where errors from asynchronous work go: the `onError` option when given, else the host's `errors` list.
 * An error never vanishes: if `onError` itself throws, both errors are kept. One error object is reported once,
 * however many paths reach it (a task's continuation that a later host refused also rejects the task).
 */
export class ErrorSink {
  #errors: unknown[] = []
  readonly #reported = new WeakSet<object>()
  readonly #onError: ((error: unknown) => void) | undefined

  constructor(onError: ((error: unknown) => void) | undefined) {
    this.#onError = onError
  }

  /** The errors kept so far, oldest first. */
  get errors(): readonly unknown[] {
    return this.#errors
  }

  report(error: unknown): void {
    if (typeof error === 'object' && error !== null) {
      if (this.#reported.has(error)) return
      this.#reported.add(error)
    }
    if (this.#onError === undefined) {
      this.#errors.push(error)
      return
    }
    try {
      this.#onError(error)
    } catch (handlerError) {
      this.#errors.push(error, handlerError)
    }
  }

  /** Returns the errors kept so far and forgets them. */
  take(): unknown[] {
    const taken = this.#errors
    this.#errors = []
    return taken
  }
}
