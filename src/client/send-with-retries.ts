import { abortable, deadline, sleep } from './abort-signals.js'
import type { FetchFunction } from './client-options.js'
import { PlatformConnectionError } from './errors/platform-connection-error.js'
import type { Received } from './received.js'
import { redactTokens } from './redact-tokens.js'

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

/** What bounds a whole call: the caller's signal and the total timeout. */
export interface CallLimits {
  /** The caller's signal: its reason is what the call rejects with. */
  readonly signal: AbortSignal | undefined
  /** When the total timeout passes, in `Date.now()` time. */
  readonly endsAt: number
  /** The error the total timeout ends the call with. */
  readonly expired: () => PlatformConnectionError
}

/**
 * Sends one request and reads its body, trying again after a transient failure (a network error, a per-attempt
 * timeout, HTTP 502, 503, 504, or 429 with `Retry-After`) while the method is safe (GET, HEAD, OPTIONS) and
 * retries are left: after `retryDelay`,
 * doubled each time, or after what a `Retry-After` header asks for. No wait runs past the total timeout: one
 * that would ends the retries. An attempt aborts on the caller's signal (its reason is thrown as it is) and after
 * `timeout` ms, or sooner when the total timeout comes first. What is answered last, whatever its status, is
 * returned; a request that got no answer ends in a `PlatformConnectionError` without a token in it.
 *
 * @internal
 */
export async function sendWithRetries(
  settings: RetrySettings,
  url: string,
  init: RequestInit & { readonly method: string },
  limits: CallLimits,
  request: string,
  secrets: readonly (string | undefined)[],
): Promise<Received> {
  const { signal, endsAt, expired } = limits
  for (let retry = 0; ; retry++) {
    signal?.throwIfAborted()
    const more = retry < settings.retries && SAFE.includes(init.method)
    const left = endsAt - Date.now()
    const attempt = deadline(signal, Math.min(settings.timeout, left), () =>
      left <= settings.timeout
        ? expired()
        : new PlatformConnectionError({
            reason: 'timeout',
            detail: `no complete answer within ${settings.timeout} ms, the per-attempt timeout (attempt ${retry + 1})`,
            request,
          }),
    )
    let wait = settings.retryDelay * 2 ** retry
    try {
      const response = await abortable(
        settings.fetch(url, { ...init, signal: attempt.signal }),
        attempt.signal,
      )
      const received: Received = {
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        text: await abortable(response.text(), attempt.signal),
      }
      const after = retryAfter(response.headers.get('retry-after'))
      if (!more || !(TRANSIENT.includes(received.status) || (received.status === 429 && after !== undefined)))
        return received
      wait = after ?? wait
      if (Date.now() + wait >= endsAt) return received
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      if (!more || Date.now() + wait >= endsAt)
        throw attempt.signal.aborted
          ? attempt.signal.reason
          : networkFailure(error, request, secrets, retry + 1)
    } finally {
      attempt.dispose()
    }
    await sleep(wait, signal)
  }
}

/** The wait a `Retry-After` header asks for, in ms: seconds, or an HTTP date. */
function retryAfter(header: string | null): number | undefined {
  if (header === null) return undefined
  const wait = /^\d+$/.test(header.trim()) ? Number(header) * 1000 : Date.parse(header) - Date.now()
  return Number.isNaN(wait) ? undefined : Math.max(0, wait)
}

/** A failed `fetch` as a connection error: its message and its cause's (such as the system error), no token. */
function networkFailure(
  error: unknown,
  request: string,
  secrets: readonly (string | undefined)[],
  attempts: number,
): PlatformConnectionError {
  const { message, cause } = (error ?? {}) as { message?: unknown; cause?: { message?: unknown } }
  const detail = [message, cause?.message]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(': ')
  return new PlatformConnectionError({
    reason: 'network',
    detail: `${redactTokens(detail || String(error), secrets)} (attempt ${attempts})`,
    request,
  })
}
