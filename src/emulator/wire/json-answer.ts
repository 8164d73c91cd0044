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
  /**
   * The headers besides the content type that middleware set (CORS) before anything asked for the headers, by
   * lower-case name: kept as text, so that an answer nobody reads the headers of builds no `Headers`.
   */
  #set: Map<string, string> | undefined
  /** The headers once asked for. */
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
    if (this.#headers === undefined) {
      const headers = new Headers({ 'content-type': 'application/json' })
      if (this.#set !== undefined) for (const [name, value] of this.#set) headers.set(name, value)
      this.#headers = headers
      this.#set = undefined
    }
    return this.#headers
  }

  /**
   * Sets a header as `headers.set` does (`append` when `append`), without building the `Headers` until
   * something asks for them.
   *
   * @param name - The header's name (not `set-cookie`, which `headers` takes).
   */
  setHeader(name: string, value: string, append = false): void {
    if (this.#headers !== undefined || this.#response !== undefined) {
      if (append) this.headers.append(name, value)
      else this.headers.set(name, value)
      return
    }
    const lower = name.toLowerCase()
    const set = (this.#set ??= new Map<string, string>())
    const before = set.get(lower) ?? (lower === 'content-type' ? 'application/json' : undefined)
    set.set(lower, append && before !== undefined ? `${before}, ${value}` : value)
  }

  /** The headers to write, by lower-case name, `set-cookie` as a list. */
  outgoingHeaders(): Record<string, string | string[]> {
    if (this.#headers === undefined) {
      const outgoing: Record<string, string | string[]> = { 'content-type': 'application/json' }
      if (this.#set !== undefined) for (const [name, value] of this.#set) outgoing[name] = value
      return outgoing
    }
    const outgoing: Record<string, string | string[]> = {}
    for (const [name, value] of this.#headers) if (name !== 'set-cookie') outgoing[name] = value
    const cookies = this.#headers.getSetCookie()
    if (cookies.length > 0) outgoing['set-cookie'] = cookies
    return outgoing
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
