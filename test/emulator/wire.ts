import { afterEach, expect } from 'vitest'
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/index.js'

/**
 * How a test reaches the emulator: in-process through `emulator.fetch(new Request(...))`, or over HTTP with the
 * global `fetch` against the URL `listen()` returned (127.0.0.1, a free port).
 */
export type Transport = 'in-process' | 'http'

export const TRANSPORTS: readonly Transport[] = ['in-process', 'http']

/** A request as the tests write it. */
export interface Call {
  /** `Authorization: Bearer <token>`. */
  readonly token?: string
  /** A JSON body (`content-type: application/json`). */
  readonly json?: unknown
  /** A form-encoded body. */
  readonly form?: Record<string, string>
  /** A raw body, with `headers` saying its type. */
  readonly body?: RequestInit['body']
  readonly headers?: Record<string, string>
  /** `half` for a streamed body. */
  readonly duplex?: 'half'
}

/** A started emulator and how to call it. */
export interface Wire {
  readonly emulator: Emulator
  /** The base URL (`http://127.0.0.1:<port>/api` over HTTP, `http://localhost/api` in-process). */
  readonly baseUrl: string
  /** Sends a request to a path under `/api` (`/auth/login`) and returns the response. */
  send(method: string, path: string, call?: Call): Promise<Response>
  /** Sends a request and reads the JSON answer with the status. */
  json(method: string, path: string, call?: Call): Promise<{ status: number; body: any }>
  /** Logs in and returns the login response. */
  login(username?: string, password?: string): Promise<LoginResponse>
}

export interface LoginResponse {
  access_token: string
  refresh_token: string
  token_type: string
  expires_in: number
  username: string
  roles: string[]
  id: number
  name: string
  avatar: null
  extInfo: null
}

const open: Emulator[] = []

afterEach(async () => {
  for (const emulator of open.splice(0)) await emulator.close()
})

/** Starts an emulator for one test (closed after the test) and returns how to call it over `transport`. */
export async function startWire(
  options: EmulatorOptions = {},
  transport: Transport = 'in-process',
): Promise<Wire> {
  // Over HTTP the default admin/admin is not served (its password is made up once the emulator listens): the
  // same user is given explicitly, so the tests log in alike on both transports.
  const emulator = createEmulator(
    transport === 'http' && options.users === undefined
      ? {
          ...options,
          users: [{ username: 'admin', password: 'admin', roles: ['ROLE_ADMIN', 'ROLE_DEVELOPER'] }],
        }
      : options,
  )
  open.push(emulator)
  const baseUrl =
    transport === 'http' ? await emulator.listen({ port: 0, hostname: '127.0.0.1' }) : 'http://localhost/api'
  const send = (method: string, path: string, call: Call = {}): Promise<Response> => {
    const headers = new Headers(call.headers)
    if (call.token !== undefined) headers.set('authorization', `Bearer ${call.token}`)
    let body = call.body
    if (call.json !== undefined) {
      body = JSON.stringify(call.json)
      if (!headers.has('content-type')) headers.set('content-type', 'application/json')
    }
    if (call.form !== undefined) {
      body = new URLSearchParams(call.form).toString()
      headers.set('content-type', 'application/x-www-form-urlencoded')
    }
    const request = new Request(`${baseUrl}${path}`, {
      method,
      headers,
      body: body ?? null,
      ...(call.duplex === undefined ? {} : { duplex: call.duplex }),
    } as RequestInit)
    return transport === 'http' ? fetch(request) : emulator.fetch(request)
  }
  const json = async (method: string, path: string, call?: Call): Promise<{ status: number; body: any }> => {
    const response = await send(method, path, call)
    const text = await response.text()
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) }
  }
  return {
    emulator,
    baseUrl,
    send,
    json,
    async login(username = 'admin', password = 'admin') {
      const { status, body } = await json('POST', '/auth/login', { json: { username, password } })
      if (status !== 200) throw new Error(`login failed: ${status} ${JSON.stringify(body)}`)
      return body as LoginResponse
    },
  }
}

/** The common error body of a code, as the platform writes it (the detail after the name is free text). */
export function platformError(errCode: number, errorName: string): object {
  return {
    success: false,
    errCode,
    errMsg: expect.stringMatching(new RegExp(`^ErrorCode: ${errCode}, ErrorMsg: ${errorName}, .+`)),
  }
}

/** A clock the test moves by hand: tokens expire without sleeping. */
export function manualClock(start = Date.parse('2025-03-01T09:00:00Z')): {
  now: () => number
  advance(seconds: number): void
} {
  let time = start
  return {
    now: () => time,
    advance(seconds: number) {
      time += seconds * 1000
    },
  }
}
