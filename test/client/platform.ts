import { afterEach } from 'vitest'
import { DomainHelper } from '../../src/index.js'
import {
  createClient,
  type ClientOptions,
  type FetchFunction,
  type PlatformClient,
} from '../../src/client/index.js'
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/index.js'

/**
 * How the client reaches the emulator: in-process through `emulator.fetch`, or over HTTP with the global `fetch`
 * against the URL `listen()` returned (127.0.0.1, a free port).
 */
export type Transport = 'in-process' | 'http'

export const TRANSPORTS: readonly Transport[] = ['in-process', 'http']

/** One request as the client sent it, recorded at the fetch it was given. */
export interface SentRequest {
  readonly method: string
  /** The path and query under the origin: `/api/data/Ticket?max=10`. */
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string | undefined
}

/**
 * What a test changes about a request: answer it itself, or let it through (`undefined`). `attempt` counts the
 * requests of the same method and URL so far, this one included.
 */
export type Interceptor = (
  request: SentRequest,
  attempt: number,
) => Promise<Response | undefined> | Response | undefined

/** A started emulator, how to reach it, and what the client sent it. */
export interface Platform {
  readonly emulator: Emulator
  readonly baseUrl: string
  /** Every request the client sent, in order, including those an interceptor answered. */
  readonly sent: SentRequest[]
  /** The fetch the clients get: records, then asks the interceptor, then sends over the transport. */
  readonly fetch: FetchFunction
  /** Answers requests instead of the emulator while set. */
  intercept(interceptor: Interceptor | undefined): void
  /** A client of this emulator (fast retries unless told otherwise). */
  client(options?: Partial<ClientOptions>): PlatformClient
  /** The requests sent to a path (without the query), such as `/api/auth/access_token`. */
  sentTo(path: string): SentRequest[]
  /** Moves the emulator's clock on, to expire tokens without sleeping. */
  advance(seconds: number): void
  /** Creates objects through the library, in the default tenant, and returns their ids. */
  seed(domain: string, objects: readonly Record<string, unknown>[]): number[]
}

/** The domains and users most client tests use. */
export const TICKETS: EmulatorOptions = {
  domains: {
    Person: { fields: { name: { type: 'STRING', required: true } }, labelField: 'name' },
    Ticket: {
      fields: {
        title: { type: 'STRING', required: true },
        priority: 'INTEGER',
        price: 'BIG_DECIMAL',
        assignee: { type: 'DOMAIN_OBJECT', domain: 'Person' },
        openedAt: 'ZONED_DATETIME',
      },
      labelField: 'title',
      roles: { delete: ['ROLE_ADMIN'] },
    },
  },
  users: [
    { username: 'admin', password: 'admin', roles: ['ROLE_ADMIN', 'ROLE_DEVELOPER'] },
    { username: 'clerk', password: 'clerk', roles: ['ROLE_USER'] },
  ],
}

const open: Emulator[] = []

afterEach(async () => {
  for (const emulator of open.splice(0)) await emulator.close()
})

/** Starts an emulator for one test (closed after it) and returns how clients reach it over `transport`. */
export async function startPlatform(
  transport: Transport = 'in-process',
  options: EmulatorOptions = TICKETS,
): Promise<Platform> {
  let time = Date.parse('2025-03-01T09:00:00Z')
  const emulator = createEmulator({ now: () => time, ...options })
  open.push(emulator)
  const baseUrl =
    transport === 'http' ? await emulator.listen({ port: 0, hostname: '127.0.0.1' }) : 'http://localhost/api'
  const sent: SentRequest[] = []
  let interceptor: Interceptor | undefined
  const fetch: FetchFunction = async (input, init) => {
    const url = new URL(input)
    const request: SentRequest = {
      method: init.method ?? 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init.headers)),
      body: typeof init.body === 'string' ? init.body : undefined,
    }
    sent.push(request)
    const attempt = sent.filter((s) => s.method === request.method && s.url === request.url).length
    const answered = await interceptor?.(request, attempt)
    if (answered !== undefined) return answered
    return transport === 'http' ? globalThis.fetch(input, init) : emulator.fetch(input, init)
  }
  return {
    emulator,
    baseUrl,
    sent,
    fetch,
    intercept(next) {
      interceptor = next
    },
    client: (extra = {}) => createClient({ baseUrl, fetch, retryDelay: 1, ...extra }),
    sentTo: (path) => sent.filter((request) => request.url.split('?')[0] === path),
    advance(seconds) {
      time += seconds * 1000
    },
    seed: (domain, objects) =>
      emulator.host.runAs({}, () =>
        DomainHelper.batchCreate(
          domain,
          objects.map((properties) => DomainHelper.buildDomain(domain, properties)),
        ).map((object) => (object as { id: number }).id),
      ),
  }
}

/** A logged-in client of a started platform. */
export async function loggedIn(
  platform: Platform,
  username = 'admin',
  options: Partial<ClientOptions> = {},
): Promise<PlatformClient> {
  const client = platform.client(options)
  await client.login(username, username)
  return client
}
