/**
 * Where errors from asynchronous work go: the `onError` option when given, else the host's `errors` list.
 * An error never vanishes: if `onError` itself throws, both errors are kept.
 */
export class ErrorSink {
  readonly errors: unknown[] = []
  readonly #onError: ((error: unknown) => void) | undefined

  constructor(onError: ((error: unknown) => void) | undefined) {
    this.#onError = onError
  }

  report(error: unknown): void {
    if (this.#onError === undefined) {
      this.errors.push(error)
      return
    }
    try {
      this.#onError(error)
    } catch (handlerError) {
      this.errors.push(error, handlerError)
    }
  }
}
