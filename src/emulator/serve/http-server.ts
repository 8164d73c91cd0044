import type { OutgoingHttpHeaders, Server, ServerResponse } from 'node:http'
import type { Http2ServerResponse } from 'node:http2'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer, type Http2Bindings, type HttpBindings } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { JsonAnswer } from '../wire/json-answer.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import type { ListenOptions } from '../options/emulator-options.js'
import { API_PREFIX } from '../wire/api-prefix.js'

/** A listening HTTP server and the base URL callers use. */
export interface RunningServer {
  /** The base URL, ending in `/api`: `http://127.0.0.1:8080/api`. */
  readonly url: string
  /** Stops listening and closes every open connection (keep-alive ones included). */
  close(): Promise<void>
}

/**
 * Serves `fetch` over HTTP on Node (through `@hono/node-server`, leaving the global `Request` and `Response`
 * as they are), bound to 127.0.0.1 unless told otherwise. `fetch` gets each request with the hostname the
 * server listens on, so that it can refuse a request for another host. A {@link JsonAnswer} is written to the
 * socket as its text, without building a `Response` to read it back from.
 *
 * @throws IllegalArgumentException for a bad port or hostname.
 * @throws Error when the address cannot be bound (in use, not local), saying what to try.
 * @internal
 */
export async function startHttpServer(
  fetch: (request: Request, listenHostname: string) => Response | Promise<Response>,
  options: ListenOptions = {},
): Promise<RunningServer> {
  const port = options.port ?? 0
  const hostname = options.hostname ?? '127.0.0.1'
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new IllegalArgumentException(
      `emulator.listen: port must be a whole number from 0 (a free port) to 65535, got ${String(port)}.`,
    )
  if (typeof hostname !== 'string' || hostname === '')
    throw new IllegalArgumentException(
      'emulator.listen: hostname must be a host name or address, such as 127.0.0.1.',
    )
  const server = createAdaptorServer({
    fetch: (request: Request, env: HttpBindings | Http2Bindings) => {
      const answer = fetch(request, hostname)
      return answer instanceof Promise
        ? answer.then((settled) => sent(settled, env.outgoing))
        : sent(answer, env.outgoing)
    },
    overrideGlobalObjects: false,
  }) as Server
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error): void =>
      reject(
        new Error(
          `The emulator cannot listen on ${hostname}:${port}: ${error.message}. Choose another port (0 takes a free one) or hostname.`,
          { cause: error },
        ),
      )
    server.once('error', fail)
    server.listen(port, hostname, () => {
      server.off('error', fail)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const wildcard = address.address === '0.0.0.0' || address.address === '::'
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address
  return {
    url: `http://${host}:${address.port}${API_PREFIX}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)))
        server.closeAllConnections()
      }),
  }
}

/** What `@hono/node-server` is to send: the answer, unless it is a JSON answer, which is written here. */
function sent(answer: Response, outgoing: ServerResponse | Http2ServerResponse): Response {
  if (!(answer instanceof JsonAnswer) || answer.built) return answer
  writeAnswer(answer, outgoing)
  return RESPONSE_ALREADY_SENT
}

/** Writes a JSON answer: its status, its headers (only the content type unless a middleware added some), its text. */
function writeAnswer(answer: JsonAnswer, outgoing: ServerResponse | Http2ServerResponse): void {
  const headers: OutgoingHttpHeaders = answer.outgoingHeaders()
  headers['content-length'] = Buffer.byteLength(answer.bodyText)
  outgoing.writeHead(answer.status, headers)
  outgoing.end(answer.bodyText)
}
