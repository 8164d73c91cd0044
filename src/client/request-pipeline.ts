import { bounded } from './bounded.js'
import type { CallOptions } from './call-options.js'
import { errorForAnswer } from './errors/error-for-answer.js'
import { PlatformConnectionError } from './errors/platform-connection-error.js'
import { PlatformValidationError } from './errors/platform-validation-error.js'
import { readBody, type Received } from './received.js'
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
   * What a successful answer must be: by default a JSON object, the result; `mutation`, the mutation envelope,
   * whose `data` is the result and whose `status: "error"` is a `PlatformValidationError`; `any`, what a
   * service's or a webhook's logic answered, as it is.
   */
  readonly answer?: 'mutation' | 'any' | undefined
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
 * within the call's total timeout and the caller's signal (attempts and retries in {@link sendWithRetries}), meets a 1006
 * answer with one refresh (shared through the {@link TokenKeeper}) and one more try, and turns a refusal into the
 * error of its code and the mutation envelope into its `data`. No error it makes holds a token: those the client
 * holds and sent, and anything written as one, are replaced by `[token]`.
 *
 * @internal
 */
export function requestPipeline(settings: PipelineSettings, keeper: TokenKeeper): Send {
  const { baseUrl, totalTimeout } = settings
  return async (method, path, options, { query = {}, body, anonymous, decimals, answer } = {}) => {
    const sent = anonymous ? undefined : keeper.tokens?.accessToken
    const secrets = (): (string | undefined)[] => [
      sent,
      keeper.tokens?.accessToken,
      keeper.tokens?.refreshToken,
    ]
    const at = `${baseUrl}/${path.map(encodeURIComponent).join('/')}`
    const request = redactTokens(`${method} ${at}`, secrets())
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) search.append(name, String(value))
    const url = `${at}${String(search) && `?${String(search)}`}`
    const form = body instanceof URLSearchParams
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = `application/${form ? 'x-www-form-urlencoded' : 'json'}`
    const init = { method, body: body === undefined ? null : form ? String(body) : JSON.stringify(body) }

    const fail: Fail = (reason, detail) =>
      new PlatformConnectionError({ reason, detail: redactTokens(detail, secrets()), request })
    const endsAt = Date.now() + totalTimeout
    // The whole call, refresh and retries included, within the caller's signal and the total timeout.
    return bounded(
      options?.signal,
      totalTimeout,
      async (signal) => {
        /** Sends the request with `token`; resolves with what it received, and its error if it was refused. */
        const exchange = async (token: string | undefined) => {
          const authorization = token === undefined ? {} : { authorization: `Bearer ${token}` }
          const received = await sendWithRetries(
            settings,
            url,
            { ...init, headers: { ...headers, ...authorization } },
            signal,
            endsAt,
            fail,
          )
          const refused = received.status < 200 || received.status > 299
          return [received, refused ? errorForAnswer(received, request, secrets()) : undefined] as const
        }
        const seen = keeper.lastRefresh
        let [received, error] = await exchange(sent)
        if (sent !== undefined && error?.errCode === 1006) {
          // This call's wait for a refresh that others may share: its signal ends the wait, not the refresh.
          await bounded(signal, Infinity, () => keeper.refreshAfter(sent, seen))
          ;[received, error] = await exchange(keeper.tokens?.accessToken)
        }
        if (error) throw error
        const parsed = readBody(received, decimals)
        if (answer === 'any') return parsed
        if (typeof parsed !== 'object' || parsed === null) {
          // Quoted whole: errorForAnswer cuts the quote once every token in it is replaced.
          const text = `The answer is not the platform's JSON: ${received.text}`
          throw errorForAnswer({ ...received, contentType: '', text } satisfies Received, request, secrets())
        }
        const fields = parsed as Record<string, unknown>
        if (answer === undefined) return parsed
        if (fields['status'] === 'error')
          throw errorForAnswer(received, request, secrets(), PlatformValidationError)
        return fields['data']
      },
      () => fail('timeout', `no complete answer within ${totalTimeout} ms, the totalTimeout`),
    )
  }
}
