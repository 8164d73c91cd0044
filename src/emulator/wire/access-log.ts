import type { MiddlewareHandler } from 'hono'
import { JsonAnswer } from './json-answer.js'

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

/** What the request log middleware hands on with each entry, besides it. */
export interface LoggedRequest {
  /** The request's URL, parsed once. */
  readonly url: URL
  /** When the request came in by the emulator's clock (the `now` option), in milliseconds. */
  readonly receivedAt: number
}

/**
 * The middleware that times each request and, once answered, hands its {@link AccessLogEntry} to `record` (the
 * access log, the console's recent requests). `userOf` names the caller the routes found; `now` is the emulator's
 * clock. An error body is read from a copy of the answer (error bodies are small); a 200 to an object write or
 * action is checked for the mutation envelope's `status: "error"`. The answer is read at most once per request,
 * whoever records it.
 *
 * @internal
 */
export function requestLogMiddleware(
  userOf: (context: Parameters<MiddlewareHandler>[0]) => string | null,
  now: () => number,
  record: (entry: AccessLogEntry, request: LoggedRequest) => void,
): MiddlewareHandler {
  return async (c, next) => {
    const time = new Date().toISOString()
    const receivedAt = now()
    const started = performance.now()
    try {
      await next()
    } finally {
      const answer = c.res
      const { status } = answer
      // The emulator's own JSON answers hold their text: nothing to copy or read.
      const own = answer instanceof JsonAnswer && !answer.built ? answer : undefined
      const json = own !== undefined || (answer.headers.get('content-type') ?? '').includes('json')
      const url = new URL(c.req.url)
      const write = c.req.method !== 'GET' && /^(\/api)?\/(data|action)\//.test(url.pathname)
      const read = json && (status >= 300 || (status === 200 && write))
      const text = !read ? '' : own !== undefined ? own.bodyText : await answer.clone().text()
      const entry: AccessLogEntry = {
        time,
        method: c.req.method,
        path: `${url.pathname}${url.search}`,
        status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        user: userOf(c),
        errCode: status === 200 ? null : errCodeOf(text),
        validationError: status === 200 && /^\{\s*"status"\s*:\s*"error"/.test(text),
      }
      record(entry, { url, receivedAt })
    }
  }
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
