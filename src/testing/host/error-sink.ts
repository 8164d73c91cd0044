/**
 * Where errors from asynchronous work go: the `onError` option when given, else the host's `errors` list.
 * An error never vanishes: if `onError` itself throws, both errors are kept.
 */
export class ErrorSink {
  #errors: unknown[] = []
  /** Errors of work left running by an uninstalled host: reported when they happen, not again when they end it. */
  readonly #leftovers = new WeakSet<object>()
  readonly #onError: ((error: unknown) => void) | undefined

  constructor(onError: ((error: unknown) => void) | undefined) {
    this.#onError = onError
  }

  /** The errors kept so far, oldest first. */
  get errors(): readonly unknown[] {
    return this.#errors
  }

  /** Sends an error of asynchronous work to `onError`, or keeps it. */
  report(error: unknown): void {
    if (typeof error === 'object' && error !== null && this.#leftovers.has(error)) return
    this.#keep(error)
  }

  /**
   * Reports an error of work left running by an uninstalled host (its refusal, mostly). The same error usually
   * ends that work too (a task or a runAs rejects with it): it is reported once, here.
   */
  reportLeftover(error: object): void {
    if (this.#leftovers.has(error)) return
    this.#leftovers.add(error)
    this.#keep(error)
  }

  /** Returns the errors kept so far and forgets them. */
  take(): unknown[] {
    const taken = this.#errors
    this.#errors = []
    return taken
  }

  #keep(error: unknown): void {
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
}
