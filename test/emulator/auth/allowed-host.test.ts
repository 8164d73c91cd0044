import { request as httpRequest } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createEmulator } from '../../../src/emulator/index.js'
import { count } from '../shop.js'
import { platformError } from '../wire.js'

/** Sends one HTTP request with the Host header given (the global fetch sets its own), and reads the answer. */
function sendWithHost(
  baseUrl: string,
  host: string,
  method: string,
  path: string,
  json?: unknown,
): Promise<{ status: number; body: any }> {
  const url = new URL(`${baseUrl}${path}`)
  const body = json === undefined ? undefined : JSON.stringify(json)
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers: { host, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }))
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

const admin = { username: 'admin', password: 'admin' }
/** The administrator, given explicitly: over HTTP the default one's password is made up. */
const users = [{ ...admin, roles: ['ROLE_ADMIN', 'ROLE_DEVELOPER'] }]

describe('the Host header of a request over HTTP (DNS-rebinding protection)', () => {
  it('a request for a host name that is not loopback, an IP address or the listen hostname is refused 403 with errCode 1004, before any route runs', async () => {
    const lines: string[] = []
    await using emulator = createEmulator({
      users,
      domains: { Note: { fields: { text: 'STRING' } } },
      accessLog: (line) => lines.push(line),
    })
    const baseUrl = await emulator.listen({ hostname: '127.0.0.1' })
    const port = new URL(baseUrl).port
    for (const host of ['attacker.example', `attacker.example:${port}`, `127.0.0.1.nip.io:${port}`]) {
      const login = await sendWithHost(baseUrl, host, 'POST', '/auth/login', admin)
      expect(login, host).toEqual({ status: 403, body: platformError(1004, 'NoPermission') })
      expect(login.body.errMsg).toContain('DNS rebinding')
    }
    // The rest of the rebinding chain is refused the same way: a write, and an anonymous service call.
    const created = await sendWithHost(baseUrl, 'attacker.example', 'POST', '/data/Note', { text: 'x' })
    expect(created.status).toBe(403)
    expect((await sendWithHost(baseUrl, 'attacker.example', 'GET', '/service/rce')).status).toBe(403)
    expect(count(emulator.host, 'Note', 'default')).toBe(0)
    expect(lines.some((line) => / POST \/api\/auth\/login 403 \S+ms - 1004$/.test(line))).toBe(true)
  })

  it('loopback names, IP addresses and the listen hostname are answered, with any port', async () => {
    await using emulator = createEmulator({ users })
    const baseUrl = await emulator.listen({ hostname: '127.0.0.1' })
    const port = new URL(baseUrl).port
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      'LOCALHOST',
      `app.localhost:${port}`,
      `[::1]:${port}`,
      '192.168.1.20:8080',
    ]) {
      const login = await sendWithHost(baseUrl, host, 'POST', '/auth/login', admin)
      expect(login.status, host).toBe(200)
    }
  })

  it('the hostname given to listen is answered', async () => {
    await using emulator = createEmulator({ users })
    const baseUrl = await emulator.listen({ hostname: 'localhost' })
    expect((await sendWithHost(baseUrl, 'localhost', 'POST', '/auth/login', admin)).status).toBe(200)
    expect((await sendWithHost(baseUrl, 'evil.test', 'POST', '/auth/login', admin)).status).toBe(403)
  })

  it('an in-process call is answered whatever host its URL names: no page can reach emulator.fetch', async () => {
    await using emulator = createEmulator()
    const response = await emulator.fetch(
      new Request('http://attacker.example/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'attacker.example' },
        body: JSON.stringify(admin),
      }),
    )
    expect(response.status).toBe(200)
  })
})
