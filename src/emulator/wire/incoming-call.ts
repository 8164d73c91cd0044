import { API_PREFIX } from './api-prefix.js'
import { firstValues } from './first-values.js'
import { urlParts } from './url-parts.js'
import type { LogicRequest, RequestUser } from '../logic/logic-request.js'
import { jsonBodyProblem } from './json-body-problem.js'
import { parseJsonNoting } from './inexact-numbers.js'
import { isReservedKey } from './reserved-keys.js'
import { WireError } from './wire-error.js'

/** Decodes UTF-8, refusing a byte that is not (a whole body at a time, so one serves every request). */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true })

/** How large a request body may be, in bytes. */
export interface BodyLimits {
  /** Every body but an attachment upload. */
  readonly maxBodyBytes: number
  /** An attachment upload (`POST /api/attachment/upload`). */
  readonly maxUploadBytes: number
}

/**
 * One request as the routes read it: the path as the backend sees it (without `/api`), the query parameters,
 * and the body, read once, size-limited, and parsed on demand. A key that could pollute a prototype (`__proto__`,
 * `constructor` or `prototype` as any segment of it) in the query or in a body, and JSON nested deeper than the
 * platform's parser takes, are refused with 400 before any code sees them.
 *
 * @internal
 */
export class IncomingCall {
  readonly request: Request
  /** The path as requested, `/api` included when it was there: `/api/data/Order`. */
  readonly pathname: string
  /** The query as requested, with its `?`, or `''`: `?max=5`. */
  readonly search: string
  readonly method: string
  /** The path as the backend sees it: `/data/Order`, without `/api` (what dynamic logic sees too). */
  readonly path: string
  /** The first value of each query parameter. */
  readonly query: Readonly<Record<string, string>>
  /** The caller once a route has checked the request's token (for the access log), else `null`. */
  caller: RequestUser | null = null
  readonly #limits: BodyLimits
  #bytes: Promise<Uint8Array> | undefined
  #form: Promise<Readonly<Record<string, string>>> | undefined

  constructor(request: Request, limits: BodyLimits) {
    this.request = request
    const { pathname, search } = urlParts(request.url)
    this.pathname = pathname
    this.search = search
    this.method = request.method.toUpperCase()
    this.path = pathname.startsWith(`${API_PREFIX}/`) ? pathname.slice(API_PREFIX.length) : pathname
    this.#limits = limits
    const query = search === '' ? {} : firstValues(new URLSearchParams(search))
    const reserved = Object.keys(query).find(isReservedKey)
    if (reserved !== undefined) {
      throw new WireError(
        'IllegalArgument',
        `the query parameter ${JSON.stringify(reserved)} could reach the prototype of every object; nothing was run. Remove it from the URL.`,
      )
    }
    this.query = Object.freeze(query)
  }

  /** `GET /api/data/Order`, for messages. */
  get route(): string {
    return `${this.method} ${this.pathname}`
  }

  /** The media type of the body, lower-case, without parameters (`application/json`), or `''`. */
  get contentType(): string {
    return (this.request.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase()
  }

  /** Whether the body is form-encoded (`application/x-www-form-urlencoded`). */
  get isForm(): boolean {
    return this.contentType === 'application/x-www-form-urlencoded'
  }

  /** Whether the body is a browser's `FormData` (`multipart/form-data`). */
  get isMultipart(): boolean {
    return this.contentType === 'multipart/form-data'
  }

  /** Whether the body is JSON (`application/json` or a `+json` type). */
  get isJson(): boolean {
    return this.contentType === 'application/json' || this.contentType.endsWith('+json')
  }

  /** The request headers as a plain object with lower-case names. */
  headers(): Record<string, string> {
    return Object.fromEntries(this.request.headers)
  }

  /** The value of a cookie, or `undefined`. */
  cookie(name: string): string | undefined {
    for (const part of (this.request.headers.get('cookie') ?? '').split(';')) {
      const at = part.indexOf('=')
      if (at > 0 && part.slice(0, at).trim() === name) {
        const value = part.slice(at + 1).trim()
        try {
          return decodeURIComponent(value)
        } catch {
          return value
        }
      }
    }
    return undefined
  }

  /**
   * The body's bytes, read once.
   *
   * @param limit - `upload` for an attachment upload's larger limit.
   * @throws WireError 413 when the body is larger than the limit (it is not read further).
   */
  bytes(limit: 'body' | 'upload' = 'body'): Promise<Uint8Array> {
    this.#bytes ??= this.#read(limit === 'upload' ? this.#limits.maxUploadBytes : this.#limits.maxBodyBytes)
    return this.#bytes
  }

  /** The body as UTF-8 text, a byte that is not UTF-8 read as U+FFFD (as a servlet's reader does). */
  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes())
  }

  /**
   * The body parsed as JSON.
   *
   * @throws WireError 400 when the content type is not JSON, the body is not UTF-8, empty or malformed, nests
   *   too deep, or holds a key that could pollute a prototype.
   */
  async json(): Promise<unknown> {
    if (!this.isJson) {
      throw new WireError(
        'IllegalArgument',
        `${this.route} takes a JSON body (Content-Type: application/json), got ${this.contentType === '' ? 'no content type' : this.contentType}.`,
      )
    }
    const bytes = await this.bytes()
    let text: string
    try {
      text = STRICT_UTF8.decode(bytes)
    } catch {
      // The platform's JSON parser (Jackson) refuses a byte that is not UTF-8 too.
      throw new WireError(
        'IllegalArgument',
        `the JSON body of ${this.route} is not UTF-8 text; nothing was written. Send it encoded as UTF-8.`,
      )
    }
    if (text.trim() === '')
      throw new WireError('IllegalArgument', `${this.route} needs a JSON body; it was empty.`)
    let value: unknown
    try {
      value = parseJsonNoting(text)
    } catch (error) {
      throw new WireError(
        'IllegalArgument',
        `the JSON body of ${this.route} is malformed (${(error as Error).message}); nothing was written.`,
      )
    }
    const problem = jsonBodyProblem(value)
    if (problem !== undefined) {
      throw new WireError(
        'IllegalArgument',
        `the JSON body of ${this.route} ${problem.detail}; nothing was written. ${problem.remedy}`,
      )
    }
    return value
  }

  /**
   * The body's form fields (`application/x-www-form-urlencoded`), the first value of each, parsed once.
   *
   * @throws WireError 400 when a field name is reserved.
   */
  form(): Promise<Readonly<Record<string, string>>> {
    this.#form ??= this.text().then((text) => formFields(new URLSearchParams(text)))
    return this.#form
  }

  /**
   * The body as dynamic logic receives it: parsed JSON, form fields (URL-encoded or multipart), or text; `null`
   * without a body.
   *
   * @throws WireError 400 for malformed JSON or multipart, or a reserved key.
   */
  async logicBody(): Promise<unknown> {
    const bytes = await this.bytes()
    if (bytes.length === 0) return null
    if (this.isJson) return this.json()
    if (this.isForm) return this.form()
    if (this.isMultipart) return this.#multipartFields(bytes)
    return this.text()
  }

  /**
   * The fields of a multipart body, the first value of each, a file's as its text: what a browser's `FormData`
   * sends (the emulator's choice; the document leaves it open).
   */
  async #multipartFields(bytes: Uint8Array): Promise<Readonly<Record<string, string>>> {
    let data: FormData
    try {
      const type = this.request.headers.get('content-type') ?? ''
      data = await new Response(bytes, { headers: { 'content-type': type } }).formData()
    } catch (error) {
      throw new WireError(
        'IllegalArgument',
        `the multipart body of ${this.route} is malformed (${(error as Error).message}); nothing was run. Send a FormData, or JSON.`,
      )
    }
    const pairs: [string, string][] = []
    for (const [name, value] of data)
      pairs.push([name, typeof value === 'string' ? value : await value.text()])
    return formFields(pairs)
  }

  /**
   * The request as dynamic logic receives it.
   *
   * @throws WireError 400 for a malformed body.
   */
  async logicRequest(user: RequestUser | null): Promise<LogicRequest> {
    return {
      method: this.method,
      path: this.path,
      params: this.query,
      headers: this.headers(),
      body: await this.logicBody(),
      user,
    }
  }

  async #read(limit: number): Promise<Uint8Array> {
    const tooLarge = (): WireError =>
      new WireError(
        'IllegalArgument',
        `the body of ${this.route} is larger than ${limit} bytes, the emulator's limit; nothing was written. ` +
          'Send a smaller body, or raise maxBodyBytes (maxUploadBytes for uploads) in the emulator options.',
        { status: 413 },
      )
    // A GET or HEAD request has no body (a Request cannot carry one); asking for its stream would build it.
    if (this.method === 'GET' || this.method === 'HEAD') return new Uint8Array(0)
    const declared = Number(this.request.headers.get('content-length') ?? Number.NaN)
    if (declared > limit) throw tooLarge()
    // A body of a declared length within the limit is read whole: over HTTP, @hono/node-server reads it from the
    // socket without building the Request's stream (which costs more than the rest of a small create).
    if (Number.isSafeInteger(declared) && !this.request.headers.has('transfer-encoding')) {
      const bytes = new Uint8Array(await this.request.arrayBuffer())
      // In-process, a Request's body need not be the length it declares.
      if (bytes.byteLength > limit) throw tooLarge()
      return bytes
    }
    if (this.request.body === null) return new Uint8Array(0)
    const reader = (this.request.body as ReadableStream<Uint8Array>).getReader()
    const chunks: Uint8Array[] = []
    let total = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > limit) {
        await reader.cancel()
        throw tooLarge()
      }
      chunks.push(value)
    }
    const bytes = new Uint8Array(total)
    let at = 0
    for (const chunk of chunks) {
      bytes.set(chunk, at)
      at += chunk.byteLength
    }
    return bytes
  }
}

/**
 * The first value of each form field, frozen.
 *
 * @throws WireError 400 when a field name is reserved.
 */
function formFields(pairs: Iterable<readonly [string, string]>): Readonly<Record<string, string>> {
  const fields = firstValues(pairs)
  const reserved = Object.keys(fields).find(isReservedKey)
  if (reserved !== undefined) {
    throw new WireError(
      'IllegalArgument',
      `the form field ${JSON.stringify(reserved)} could reach the prototype of every object; nothing was done. Remove it.`,
    )
  }
  return Object.freeze(fields)
}
