import { bounded, sleep } from './bounded.js'
import type { FetchFunction } from './client-options.js'
import type { ConnectionFailure, PlatformConnectionError } from './errors/platform-connection-error.js'
import type { Received } from './received.js'

/** How long an attempt may take and how failed ones are tried again. */
export interface RetrySettings {
  readonly fetch: FetchFunction
  readonly timeout: number
  readonly retries: number
  readonly retryDelay: number
}

/**
 * A retry sends the request again: only the methods that change nothing. PUT and DELETE are idempotent in HTTP's
 * terms, but on the platform they run object hooks and dynamic logic, a 502, a 504 or a broken connection does
 * not say whether the first attempt ran, and a DELETE that ran is answered 404 the second time.
 */
const SAFE = ['GET', 'HEAD', 'OPTIONS']

/** Answers that say "not now" rather than "no": a proxy or gateway failing (and a 429 with Retry-After). Never 500. */
const TRANSIENT = [502, 503, 504]

/** Makes a call's connection error: its request named, no token in its detail. */
export type Fail = (reason: ConnectionFailure, detail: string) => PlatformConnectionError

/**
 * Sends one request and reads its body, trying again after a transient failure (a network error, a per-attempt
 * timeout, HTTP 502, 503, 504, or 429 with `Retry-After`) while the method is safe (GET, HEAD, OPTIONS) and
 * retries are left: after `retryDelay`, doubled each time, or after what a `Retry-After` header asks for. A wait
 * that would end after `endsAt` (the call's total timeout) is not waited: the retries end there. An attempt
 * ends after `timeout` ms, and every attempt and wait when `signal` (the call's: the caller's signal and the
 * total timeout) aborts, after which nothing more is sent. What is answered last, whatever its status, is
 * returned; a request that got no answer ends in the `PlatformConnectionError` that `fail` makes.
 *
 * @internal
 */
export async function sendWithRetries(
  settings: RetrySettings,
  url: string,
  init: RequestInit & { readonly method: string },
  signal: AbortSignal,
  endsAt: number,
  fail: Fail,
): Promise<Received> {
  const { fetch, timeout, retries, retryDelay } = settings
  for (let attempt = 1; ; attempt++) {
    const more = attempt <= retries && SAFE.includes(init.method)
    let wait = retryDelay * 2 ** (attempt - 1)
    try {
      const [response, text] = await bounded(
        signal,
        timeout,
        async (attemptSignal) => {
          try {
            const response = await fetch(url, { ...init, signal: attemptSignal })
            return [response, await response.text()] as const
          } catch (error) {
            throw networkFailure(error, fail, attempt)
          }
        },
        () =>
          fail(
            'timeout',
            `no complete answer within ${timeout} ms, the per-attempt timeout (attempt ${attempt})`,
          ),
      )
      const { status, headers } = response
      const received: Received = { status, contentType: headers.get('content-type') ?? '', text }
      const after = retryAfter(headers.get('retry-after'))
      if (!more || !(TRANSIENT.includes(status) || (status === 429 && after !== undefined))) return received
      wait = after ?? wait
      if (Date.now() + wait >= endsAt) return received
    } catch (error) {
      // A connection error; or `signal` aborted, and the call has already ended with its reason.
      if (!more || Date.now() + wait >= endsAt) throw error
    }
    await sleep(wait, signal)
  }
}

/** The wait a `Retry-After` header asks for, in ms: seconds, or an HTTP date. */
function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined
  const seconds = Number(header)
  const wait = Number.isNaN(seconds) ? Date.parse(header) - Date.now() : seconds * 1000
  return Number.isNaN(wait) ? undefined : Math.max(0, wait)
}

/** A failed `fetch` as a connection error: its message and its cause's (such as the system error). */
function networkFailure(error: unknown, fail: Fail, attempt: number): PlatformConnectionError {
  const { message, cause } = (error ?? {}) as { message?: unknown; cause?: { message?: unknown } }
  const detail = [message, cause?.message].filter(Boolean).join(': ') || String(error)
  return fail('network', `${detail} (attempt ${attempt})`)
}
