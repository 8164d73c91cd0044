import { abortable, deadline } from './abort-signals.js'
import { errorCodeOf, errorForAnswer } from './errors/error-for-answer.js'
import { PlatformConnectionError } from './errors/platform-connection-error.js'
import { readBody, type Received } from './received.js'
import { sendWithRetries, type CallLimits, type RetrySettings } from './send-with-retries.js'
import type { TokenKeeper } from './token-keeper.js'

/** One call of the REST API, as the client's methods describe it. */
export interface Outgoing {
  readonly method: string
  /** The path under the base URL, its segments encoded: `/data/Order/1`. */
  readonly path: string
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>> | undefined
  /** Sent as JSON, or form-encoded when it is a `URLSearchParams`. */
  readonly body?: unknown
  /** Login and refresh: no token is sent. */
  readonly anonymous?: boolean
  readonly signal?: AbortSignal | undefined
  /** BIG_DECIMAL fields to read as exact strings. */
  readonly decimals?: readonly string[] | undefined
  /**
   * What a successful answer must be: `object`, a JSON object; `mutation`, the mutation envelope, whose `data`
   * is the result and whose `status: "error"` is a `PlatformValidationError`.
   */
  readonly answer?: 'object' | 'mutation'
}

/** Sends a call and resolves with what it answered: the parsed body, or the envelope's `data`. */
export type Send = (outgoing: Outgoing) => Promise<unknown>

/** Where the pipeline sends, and its limits. */
export interface PipelineSettings extends RetrySettings {
  /** The base URL, without a trailing `/`. */
  readonly baseUrl: string
  readonly totalTimeout: number
}

/**
 * The client's request pipeline: builds the request (the token only ever in `Authorization: Bearer`), sends it
 * within the call's total timeout and the caller's signal (attempts and retries in {@link sendWithRetries}), meets a 1006
 * answer with one refresh (shared through the {@link TokenKeeper}) and one more try, and turns a refusal into the
 * error of its code and the mutation envelope into its `data`.
 *
 * @internal
 */
export function requestPipeline(settings: PipelineSettings, keeper: TokenKeeper): Send {
  return async ({ method, path, query = {}, body, anonymous, signal, decimals, answer }) => {
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) search.append(name, String(value))
    const request = `${method} ${settings.baseUrl}${path}`
    const url = `${settings.baseUrl}${path}${String(search) === '' ? '' : `?${String(search)}`}`
    const form = body instanceof URLSearchParams
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined)
      headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json'
    const init = {
      method,
      ...(body === undefined ? {} : { body: form ? String(body) : JSON.stringify(body) }),
    }

    const limits: CallLimits = {
      signal,
      endsAt: Date.now() + settings.totalTimeout,
      expired: () =>
        new PlatformConnectionError({
          reason: 'timeout',
          detail: `no complete answer within ${settings.totalTimeout} ms, the totalTimeout`,
          request,
        }),
    }
    const sent = anonymous === true ? undefined : keeper.tokens?.accessToken
    const secrets = (): (string | undefined)[] => [
      sent,
      keeper.tokens?.accessToken,
      keeper.tokens?.refreshToken,
    ]
    const exchange = async (token: string | undefined): Promise<[Received, unknown]> => {
      const authorization = token === undefined ? {} : { authorization: `Bearer ${token}` }
      const received = await sendWithRetries(
        settings,
        url,
        { ...init, headers: { ...headers, ...authorization } },
        limits,
        request,
        secrets(),
      )
      return [received, readBody(received, decimals)]
    }
    const seen = keeper.lastRefresh
    let [received, parsed] = await exchange(sent)
    const failed = (): boolean => received.status < 200 || received.status > 299
    if (sent !== undefined && failed() && errorCodeOf(parsed) === 1006) {
      // The wait for a shared refresh is this call's: its signal and its total timeout end it.
      const wait = deadline(signal, limits.endsAt - Date.now(), limits.expired)
      try {
        await abortable(keeper.refreshAfter(sent, seen), wait.signal)
      } finally {
        wait.dispose()
      }
      ;[received, parsed] = await exchange(keeper.tokens?.accessToken)
    }
    if (failed()) throw errorForAnswer(received, request, secrets())
    if (answer === undefined) return parsed
    const fields = parsed as Record<string, unknown>
    if (typeof parsed !== 'object' || parsed === null) {
      // Not cut here: errorForAnswer quotes the beginning once every token in it is replaced.
      const text = `The answer is not the platform's JSON: ${received.text}`
      throw errorForAnswer({ ...received, contentType: '', text }, request, secrets())
    }
    if (answer !== 'mutation') return parsed
    if (fields['status'] === 'error') throw errorForAnswer(received, request, secrets(), true)
    return fields['data']
  }
}
