import type { Context } from 'hono'
import { JsonAnswer } from './json-answer.js'
import type { UrlParts } from './url-parts.js'

/**
 * One request as the access log records it: what `accessLog` receives beside the line, and what
 * `vendor-api serve --log json` writes, one object per line.
 *
 * @example
 * ```ts
 * import type { AccessLogEntry } from '@tech-vendor/api/emulator'
 *
 * const refused: AccessLogEntry = {
 *   time: '2026-01-05T09:30:00.000Z', method: 'DELETE', path: '/api/data/Order/7', status: 403,
 *   durationMs: 1.4, user: 'ann', errCode: 1004, validationError: false,
 * }
 * ```
 */
export interface AccessLogEntry {
  /** When the request came in, ISO 8601 in UTC (the wall clock, not the `now` option). */
  readonly time: string
  /** The request method, upper-case (`GET`). */
  readonly method: string
  /** The path and query as requested: a token in the URL is in it, as in the platform's own logs. */
  readonly path: string
  /** The HTTP status answered. */
  readonly status: number
  /** How long the answer took, in milliseconds, to a tenth. */
  readonly durationMs: number
  /** The username of the caller whose token the request carried, or `null` (anonymous, or no token checked). */
  readonly user: string | null
  /** The platform's error code of an error answer (`errCode`, or a service's `errorCode`), else `null`. */
  readonly errCode: number | null
  /** Whether this is a validation failure answered with HTTP 200 and `status: "error"`, nothing written. */
  readonly validationError: boolean
}

/**
 * Receives each request's access-log line (`2026-01-05T09:30:00.000Z GET /api/data/Order?max=5 200 1.2ms ann -`:
 * time, method, path, status, duration, user or `-`, errCode or `status:error` or `-`), and the same as data.
 *
 * @example
 * ```ts
 * import type { AccessLog } from '@tech-vendor/api/emulator'
 *
 * const failures: AccessLog = (line, entry) => {
 *   if (entry.errCode !== null || entry.validationError) console.warn(line)
 * }
 * ```
 */
export type AccessLog = (line: string, entry: AccessLogEntry) => void

/**
 * The text line of an entry: fields separated by one space, `-` for an absent user or code.
 *
 * @internal
 */
export function accessLine(entry: AccessLogEntry): string {
  const outcome = entry.errCode ?? (entry.validationError ? 'status:error' : '-')
  return `${entry.time} ${entry.method} ${entry.path} ${entry.status} ${entry.durationMs}ms ${entry.user ?? '-'} ${outcome}`
}

/**
 * One request once answered, as the request log middleware hands it on: what its {@link AccessLogEntry} (see
 * {@link accessLogEntry}) and the console's recent request are made of, kept as they came so that neither is
 * written out for a request nobody looks at.
 *
 * @internal
 */
export interface AnsweredRequest {
  /** When the request came in by the wall clock, in milliseconds. */
  readonly wallTime: number
  /** When the request came in by the emulator's clock (the `now` option), in milliseconds. */
  readonly receivedAt: number
  readonly method: string
  /** The request's path and query. */
  readonly url: UrlParts
  readonly status: number
  /** How long the answer took, in milliseconds, to a tenth. */
  readonly durationMs: number
  readonly user: string | null
  readonly errCode: number | null
  readonly validationError: boolean
}

/**
 * The access-log entry of an answered request.
 *
 * @internal
 */
export function accessLogEntry(answered: AnsweredRequest): AccessLogEntry {
  return {
    time: new Date(answered.wallTime).toISOString(),
    method: answered.method,
    path: `${answered.url.pathname}${answered.url.search}`,
    status: answered.status,
    durationMs: answered.durationMs,
    user: answered.user,
    errCode: answered.errCode,
    validationError: answered.validationError,
  }
}

/** The path of an object write or an action, with or without `/api`: a 200 to it may be a validation failure. */
const WRITE_PATH = /^(\/api)?\/(data|action)\//

/** When a request came in, by the wall clock and by the emulator's, and where its timing starts. @internal */
export interface RequestArrival {
  readonly wallTime: number
  readonly receivedAt: number
  /** `performance.now()` at arrival. */
  readonly started: number
}

/**
 * A request's arrival, taken as it comes in.
 *
 * @param now - The emulator's clock.
 * @internal
 */
export function arrival(now: () => number): RequestArrival {
  return { wallTime: Date.now(), receivedAt: now(), started: performance.now() }
}

/**
 * A request once answered (`c.res`), for the access log and the console's recent requests: timed from its
 * arrival, its error body's `errCode` read (from a copy of an answer other than the emulator's own JSON: error
 * bodies are small), and a 200 to an object write or action checked for the mutation envelope's
 * `status: "error"`. The answer is read at most once per request, whoever records it. At once, unless a copy
 * must be read.
 *
 * @param url - The request's path and query.
 * @param user - The caller's username as the routes found it, or `null`.
 * @internal
 */
export function answeredRequest(
  c: Context,
  arrived: RequestArrival,
  url: UrlParts,
  user: string | null,
): AnsweredRequest | Promise<AnsweredRequest> {
  const answer = c.res
  const { status } = answer
  const { method } = c.req
  const durationMs = Math.round((performance.now() - arrived.started) * 10) / 10
  const answered = (text: string): AnsweredRequest => ({
    wallTime: arrived.wallTime,
    receivedAt: arrived.receivedAt,
    method,
    url,
    status,
    durationMs,
    user,
    errCode: status === 200 ? null : errCodeOf(text),
    validationError: status === 200 && /^\{\s*"status"\s*:\s*"error"/.test(text),
  })
  if (status < 300 && (status !== 200 || method === 'GET' || !WRITE_PATH.test(url.pathname)))
    return answered('')
  // The emulator's own JSON answers hold their text: nothing to copy or read.
  if (answer instanceof JsonAnswer && !answer.built) return answered(answer.bodyText)
  if (!(answer.headers.get('content-type') ?? '').includes('json')) return answered('')
  return answer
    .clone()
    .text()
    .then((text) => answered(text))
}

/** The `errCode` (or the service dialect's `errorCode`) of an error body, else `null`. */
function errCodeOf(text: string): number | null {
  if (text === '') return null
  try {
    const body = JSON.parse(text) as { errCode?: unknown; errorCode?: unknown }
    const code = body.errCode ?? body.errorCode
    return typeof code === 'number' ? code : null
  } catch {
    return null
  }
}
