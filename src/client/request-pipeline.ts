import { bounded } from './bounded.js'
import type { CallOptions } from './call-options.js'
import { errorForAnswer } from './errors/error-for-answer.js'
import { PlatformConnectionError } from './errors/platform-connection-error.js'
import { PlatformValidationError } from './errors/platform-validation-error.js'
import { TokenExpiredError } from './errors/token-expired-error.js'
import { readBody } from './received.js'
import { redactTokens } from './redact-tokens.js'
import { sendWithRetries, type Fail, type RetrySettings } from './send-with-retries.js'
import type { TokenKeeper } from './token-keeper.js'

/** What a call sends besides its method, path and signal, and what its answer must be. */
export interface Outgoing {
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>> | undefined
  /** Sent as JSON, or form-encoded when it is a `URLSearchParams`. */
  readonly body?: unknown
  /** Login and refresh: no token is sent. */
  readonly anonymous?: boolean
  /** BIG_DECIMAL fields to read as exact strings. */
  readonly decimals?: readonly string[] | undefined
  /**
   * What a successful answer must be: by default a JSON object, the result; `data`, an envelope (the mutation
   * envelope, or the single-object response) whose `data` is the result and whose `status: "error"` is a
   * `PlatformValidationError`; `any`, what a service's or a webhook's logic answered, as it is.
   */
  readonly answer?: 'data' | 'any' | undefined
  /**
   * A service's or a webhook's call: its logic runs on every attempt that reaches the platform, and a 502, a 504
   * or a broken connection does not say whether it ran, so it is sent once whatever its method.
   */
  readonly runsLogic?: boolean
}

/**
 * Sends a call and resolves with what it answered: the parsed body, or the envelope's `data`. The path is given
 * by its segments, which are encoded (`['data', 'Order', 1]` is `/data/Order/1`); the options give the signal.
 */
export type Send = (
  method: string,
  path: readonly (string | number)[],
  options?: CallOptions,
  outgoing?: Outgoing,
) => Promise<unknown>

/** Where the pipeline sends, and its limits. */
export interface PipelineSettings extends RetrySettings {
  /** The base URL, without a trailing `/`. */
  readonly baseUrl: string
  readonly totalTimeout: number
}

/**
 * The client's request pipeline: builds the request (the token only ever in `Authorization: Bearer`), sends it
 * (attempts and retries in {@link sendWithRetries}), meets a 1006 answer with one refresh (shared through the
 * {@link TokenKeeper}) and one more try, and turns a refusal into the error of its code and an envelope into its
 * `data`. All of it runs within the caller's signal and the total timeout, which end the call however far it got.
 * No error it makes holds a token: those the client holds and sent, and anything written as one, are replaced by
 * `[token]`.
 *
 * @internal
 */
export function requestPipeline(settings: PipelineSettings, keeper: TokenKeeper): Send {
  const { baseUrl, totalTimeout } = settings
  return (method, path, options, { query = {}, body, anonymous, decimals, answer, runsLogic } = {}) => {
    const held = keeper.tokens
    const sent = anonymous ? undefined : held?.accessToken
    // The pair held when the call was made (a refresh sends its refresh token), and the one held when it fails.
    const secrets = (): (string | undefined)[] => [
      held?.accessToken,
      held?.refreshToken,
      keeper.tokens?.accessToken,
      keeper.tokens?.refreshToken,
    ]
    const at = `${baseUrl}/${path.map(encodeURIComponent).join('/')}`
    const request = redactTokens(`${method} ${at}`, secrets())
    // URLSearchParams writes each value as a string; an undefined one is left out.
    const search = String(
      new URLSearchParams(
        Object.entries(query).filter(([, value]) => value !== undefined) as [string, string][],
      ),
    )
    const url = `${at}${search && `?${search}`}`
    const form = body instanceof URLSearchParams
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = `application/${form ? 'x-www-form-urlencoded' : 'json'}`
    let payload: string | null
    try {
      payload = body === undefined ? null : form ? String(body) : JSON.stringify(body)
    } catch (error) {
      return Promise.reject(
        new TypeError(
          `${request}: the body is not JSON (${String(error)}): send plain data without cycles, a bigint as a string.`,
        ),
      )
    }
    const fail: Fail = (reason, detail) =>
      new PlatformConnectionError({ reason, detail: redactTokens(detail, secrets()), request })
    const endsAt = Date.now() + totalTimeout

    /** Sends the request with `token` and resolves with the answer, or rejects with its refusal. */
    const exchange = async (signal: AbortSignal, token: string | undefined) => {
      const init = {
        method,
        headers: token === undefined ? headers : { ...headers, authorization: `Bearer ${token}` },
        body: payload,
      }
      const received = await sendWithRetries(
        runsLogic ? { ...settings, retries: 0 } : settings,
        url,
        init,
        signal,
        endsAt,
        fail,
      )
      if (received.status > 199 && received.status < 300) return received
      throw errorForAnswer(received, request, secrets())
    }
    return bounded(
      options?.signal,
      totalTimeout,
      async (signal) => {
        const seen = keeper.lastRefresh
        const received = await exchange(signal, sent).catch(async (error: unknown) => {
          // 1006 alone: one refresh, shared with every call that met the same token, then one more try.
          if (sent === undefined || !TokenExpiredError.is(error)) throw error
          // A call whose token was replaced since it was sent needs no refresh.
          if (keeper.tokens?.accessToken === sent) await keeper.refresh(sent, seen)
          return exchange(signal, keeper.tokens?.accessToken)
        })
        const parsed = readBody(received, decimals)
        if (answer === 'any') return parsed
        if (typeof parsed !== 'object' || parsed === null) {
          // Quoted whole: errorForAnswer cuts the quote once every token in it is replaced.
          const text = `The answer is not the platform's JSON (does baseUrl end in /api?): ${received.text}`
          throw errorForAnswer({ ...received, contentType: '', text }, request, secrets())
        }
        if (answer === undefined) return parsed
        const envelope = parsed as { status?: unknown; data?: unknown }
        if (envelope.status === 'error')
          throw errorForAnswer(received, request, secrets(), PlatformValidationError)
        return envelope.data
      },
      () => fail('timeout', `no complete answer within ${totalTimeout} ms, the totalTimeout`),
    )
  }
}
