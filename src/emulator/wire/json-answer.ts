/**
 * A JSON answer of the emulator's routes, made without building a `Response` until something needs one. It
 * passes for a `Response` (`instanceof Response`, and every member of one: what is not its own below is read
 * from the `Response` it builds then, once), so the app's middleware and Hono handle it as one. Over HTTP the
 * server writes {@link JsonAnswer.bodyText} to the socket itself (see `startHttpServer`), and in-process
 * `emulator.fetch` hands the caller {@link JsonAnswer.toResponse}: building a `Response` and reading its body
 * back as a stream was a sixth of a small request's time, as `@hono/node-server` does the same for its own
 * responses when it may replace the global `Response`, which the emulator does not (it runs in the caller's
 * process).
 *
 * @internal
 */
export class JsonAnswer {
  /** The body, JSON text. */
  readonly bodyText: string
  readonly status: number
  /** The headers once asked for; until then only `content-type: application/json`. */
  #headers: Headers | undefined
  #response: Response | undefined

  constructor(bodyText: string, status: number) {
    this.bodyText = bodyText
    this.status = status
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300
  }

  get headers(): Headers {
    if (this.#response !== undefined) return this.#response.headers
    return (this.#headers ??= new Headers({ 'content-type': 'application/json' }))
  }

  /** The headers to write, unless they were never asked for: then `content-type: application/json` only. */
  get changedHeaders(): Headers | undefined {
    return this.#headers
  }

  /** Whether a `Response` was built, and so may have been read or changed: then it is what to send. */
  get built(): boolean {
    return this.#response !== undefined
  }

  /** The answer as a `Response`, built on the first call. */
  toResponse(): Response {
    return (this.#response ??= new Response(this.bodyText, { status: this.status, headers: this.headers }))
  }
}

// Everything else a Response has is the built Response's.
Object.setPrototypeOf(JsonAnswer.prototype, Response.prototype)
for (const name of Object.getOwnPropertyNames(Response.prototype)) {
  if (name === 'constructor' || Object.hasOwn(JsonAnswer.prototype, name)) continue
  const member = Object.getOwnPropertyDescriptor(Response.prototype, name)!
  Object.defineProperty(
    JsonAnswer.prototype,
    name,
    member.get !== undefined
      ? {
          get(this: JsonAnswer) {
            return Reflect.get(Response.prototype, name, this.toResponse()) as unknown
          },
          configurable: true,
        }
      : {
          value(this: JsonAnswer, ...args: unknown[]) {
            const response = this.toResponse()
            return Reflect.apply(member.value as (...a: unknown[]) => unknown, response, args)
          },
          configurable: true,
          writable: true,
        },
  )
}

/**
 * The `Response` to hand a caller for what the app answered: a {@link JsonAnswer} built into one, anything
 * else as it is.
 *
 * @internal
 */
export function asResponse(answer: Response): Response {
  return answer instanceof JsonAnswer ? answer.toResponse() : answer
}
