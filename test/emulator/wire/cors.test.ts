import { describe, expect, it } from 'vitest'
import { createEmulator, type EmulatorOptions } from '../../../src/emulator/index.js'

/** A preflight as a browser sends it before a JSON call with a token. */
function preflight(origin: string, path = '/api/data/DynamicLogic'): Request {
  return new Request(`http://localhost${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  })
}

function corsHeaders(response: Response): Record<string, string> {
  return Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-')))
}

async function withEmulator(
  options: EmulatorOptions,
  run: (fetch: (r: Request) => Promise<Response>) => Promise<void>,
) {
  await using emulator = createEmulator(options)
  await run((request) => emulator.fetch(request))
}

describe('CORS by default: every loopback origin, any port, and no other', () => {
  it('answers the preflight of a loopback origin 204 with the methods and headers the API takes, credentials allowed', async () => {
    await withEmulator({}, async (fetch) => {
      for (const origin of [
        'http://localhost:5173',
        'http://127.0.0.1:3000',
        'http://[::1]:8081',
        'http://localhost',
      ]) {
        const response = await fetch(preflight(origin))
        expect(response.status, origin).toBe(204)
        expect(corsHeaders(response), origin).toEqual({
          'access-control-allow-origin': origin,
          'access-control-allow-credentials': 'true',
          'access-control-allow-methods': 'GET, POST, PUT, DELETE, PATCH',
          'access-control-allow-headers': 'authorization, content-type',
          'access-control-max-age': '600',
        })
        expect(response.headers.get('vary')).toBe('Origin')
      }
    })
  })

  it('gives an allowed origin the CORS headers on the answer itself, errors included', async () => {
    await withEmulator({}, async (fetch) => {
      const origin = 'http://localhost:5173'
      const login = await fetch(
        new Request('http://localhost/api/auth/login', {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'admin' }),
        }),
      )
      expect(login.status).toBe(200)
      expect(login.headers.get('access-control-allow-origin')).toBe(origin)
      expect(login.headers.get('access-control-allow-credentials')).toBe('true')
      expect(login.headers.get('access-control-expose-headers')).toBe(
        'Allow, Content-Disposition, Retry-After',
      )
      expect(login.headers.get('vary')).toBe('Origin')
      const refused = await fetch(
        new Request('http://localhost/api/data/DynamicLogic', { headers: { origin } }),
      )
      expect(refused.status).toBe(403)
      expect(refused.headers.get('access-control-allow-origin')).toBe(origin)
    })
  })

  it('gives an origin that is not loopback, or not http, no CORS header at all', async () => {
    await withEmulator({}, async (fetch) => {
      for (const origin of [
        'http://evil.example',
        'https://localhost:5173',
        'http://localhost.evil.example',
        'null',
        'http://10.0.0.5:5173',
      ]) {
        const response = await fetch(preflight(origin))
        expect(response.status, origin).toBe(204)
        expect(corsHeaders(response), origin).toEqual({})
        const answer = await fetch(new Request('http://localhost/api/auth/userInfo', { headers: { origin } }))
        expect(answer.status, origin).toBe(401)
        expect(corsHeaders(answer), origin).toEqual({})
        expect(answer.headers.get('vary')).toBe('Origin')
      }
    })
  })
})

describe('the cors option', () => {
  it('replaces the default: the listed origins only, written as a browser writes them', async () => {
    await withEmulator({ cors: ['https://app.example.com', 'HTTP://Dev.Example:8080/'] }, async (fetch) => {
      for (const origin of ['https://app.example.com', 'http://dev.example:8080']) {
        const response = await fetch(preflight(origin))
        expect(response.headers.get('access-control-allow-origin'), origin).toBe(origin)
      }
      for (const origin of [
        'http://localhost:5173',
        'http://app.example.com',
        'https://app.example.com:8443',
      ]) {
        expect(corsHeaders(await fetch(preflight(origin))), origin).toEqual({})
      }
    })
  })

  it("allows every origin with '*', and none with an empty list", async () => {
    await withEmulator({ cors: ['*'] }, async (fetch) => {
      const response = await fetch(preflight('https://anything.example'))
      expect(response.headers.get('access-control-allow-origin')).toBe('https://anything.example')
    })
    await withEmulator({ cors: [] }, async (fetch) => {
      expect(corsHeaders(await fetch(preflight('http://localhost:5173')))).toEqual({})
    })
  })

  it('refuses an entry that is not an origin, saying how to write one', () => {
    expect(() => createEmulator({ cors: ['localhost:5173', 'http://localhost:5173/app'] })).toThrow(
      /cors: "localhost:5173" is not an origin; write the scheme, host and port a browser shows, such as http:\/\/localhost:5173[\s\S]*cors: "http:\/\/localhost:5173\/app" is not an origin/,
    )
    expect(() => createEmulator({ cors: 'http://localhost:5173' as never })).toThrow(
      /cors must be an array of origins/,
    )
  })
})

describe('CORS and the DNS-rebinding guard', () => {
  it('still refuses a request for a host name the emulator does not answer to, preflight included', async () => {
    await using emulator = createEmulator()
    const url = new URL(await emulator.listen({ port: 0, hostname: '127.0.0.1' }))
    const { request } = await import('node:http')
    const status = await new Promise<number>((resolve, reject) => {
      const call = request(
        {
          host: url.hostname,
          port: url.port,
          method: 'OPTIONS',
          path: '/api/auth/login',
          headers: {
            host: 'rebound.example',
            origin: 'http://localhost:5173',
            'access-control-request-method': 'POST',
          },
        },
        (answer) => {
          answer.resume()
          resolve(answer.statusCode ?? 0)
        },
      )
      call.on('error', reject)
      call.end()
    })
    expect(status).toBe(403)
  })
})
