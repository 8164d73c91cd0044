import { describe, expect, it } from 'vitest'
import {
  DomainHelper,
  IllegalArgumentException,
  IllegalStateException,
  SimpleQuery,
} from '../../src/index.js'
import { createEmulator, type AccessLogEntry } from '../../src/emulator/index.js'
import { createTestHost } from '../../src/testing/index.js'

/** An emulator whose anonymous service `stuck` runs a logic that never settles, and when that logic started. */
function withStuckService() {
  let started!: () => void
  const running = new Promise<void>((resolve) => (started = resolve))
  const emulator = createEmulator({
    logic: {
      stuck: () => {
        started()
        return new Promise(() => {})
      },
    },
  })
  emulator.host.runAs({}, () => {
    const logic = SimpleQuery.of('DynamicLogic').eq('name', 'stuck').get()
    DomainHelper.createDomain(
      DomainHelper.buildDomain('DynamicServiceProvider', {
        name: 'stuck',
        active: true,
        enableAnonymous: true,
        logic,
      }),
    )
  })
  return { emulator, running }
}

describe('createEmulator', () => {
  it('installs its host for its lifetime; close() uninstalls it', async () => {
    const emulator = createEmulator({ domains: { Tag: { fields: { name: 'STRING' } } } })
    expect(emulator.host.installed).toBe(true)
    expect(SimpleQuery.count('Tag')).toBe(0)
    await emulator.close()
    expect(emulator.host.installed).toBe(false)
    expect(() => SimpleQuery.count('Tag')).toThrow(IllegalStateException)
  })

  it('refuses a second emulator in the same process, saying to close the first', async () => {
    await using _first = createEmulator()
    const second = (): unknown => createEmulator()
    expect(second).toThrow(IllegalStateException)
    expect(second).toThrow(/One emulator or installed test host runs per process: close the other first/)
  })

  it('refuses to start while a test host is installed, and a test host cannot install while it runs', async () => {
    const host = createTestHost().install()
    try {
      expect(() => createEmulator()).toThrow(/another runtime is bound in this process/)
    } finally {
      host.uninstall()
    }
    await using _emulator = createEmulator()
    expect(() => createTestHost().install()).toThrow(IllegalStateException)
  })

  it('binds again once the first is closed', async () => {
    await createEmulator().close()
    await using emulator = createEmulator()
    expect(emulator.host.installed).toBe(true)
  })

  it('lists every problem of the options at once and starts nothing', () => {
    let message = ''
    try {
      createEmulator({
        usres: [],
        users: [{ username: 'ann', password: 1, roles: 'ROLE_USER', tenant: 'nowhere' }],
        domains: { Order: { fields: {}, roles: { view: ['ROLE_USER'] } }, DynamicLogic: { fields: {} } },
        settings: { 'security.jwt.expiration': -5 },
        logic: { summary: 'return 1' },
        dataDir: '/no/such/dir',
        maxBodyBytes: 0,
        logicTimeoutMs: 2 ** 31,
      } as never)
    } catch (error) {
      expect(IllegalArgumentException.is(error)).toBe(true)
      message = (error as Error).message
    }
    for (const problem of [
      'unknown option "usres"',
      'users[0].password must be a string',
      'users[0].roles must be an array of role names',
      'users[0].tenant must be one of the tenants (default), got "nowhere"',
      'domains.Order.roles.view: the operations are read, create, update and delete',
      'domains.DynamicLogic: DynamicLogic is a platform domain',
      "settings['security.jwt.expiration'] must be a whole number of seconds above 0",
      'logic.summary must be a function',
      'dataDir /no/such/dir is not a directory',
      'maxBodyBytes must be a whole number of bytes above 0',
      'logicTimeoutMs must be a whole number of milliseconds from 1 to 2147483647',
    ])
      expect(message).toContain(problem)
    expect(createTestHost().install().uninstall()).toBeUndefined() // nothing was left bound
  })

  it('refuses a security.jwt.secret shorter than 256 bits (RFC 7518 §3.2) and says how to make one', async () => {
    for (const secret of ['x', 'a'.repeat(31), 'é'.repeat(15) + 'a']) {
      expect(
        () => createEmulator({ settings: { 'security.jwt.secret': secret } }),
        JSON.stringify(secret),
      ).toThrow(
        /security\.jwt\.secret'\] must be at least 32 bytes \(256 bits\).*RFC 7518 §3\.2.*randomBytes\(32\)/,
      )
    }
    // 32 bytes is enough, counted in UTF-8 (16 two-byte characters are 32 bytes).
    for (const secret of ['a'.repeat(32), 'é'.repeat(16)]) {
      await using emulator = createEmulator({ settings: { 'security.jwt.secret': secret } })
      expect(emulator.host.installed).toBe(true)
    }
  })

  it('refuses fetch and listen once closed', async () => {
    const emulator = createEmulator()
    await emulator.close()
    await emulator.close() // a second close does nothing
    await expect(emulator.fetch('/api/auth/userInfo')).rejects.toThrow(/the emulator is closed/)
    await expect(emulator.listen()).rejects.toThrow(/the emulator is closed/)
  })

  it('close() rejects the in-process calls still waiting for an answer, saying the emulator was closed', async () => {
    const { emulator, running } = withStuckService()
    const pending = emulator.fetch('/api/service/stuck')
    await running
    await emulator.close()
    await expect(pending).rejects.toThrow(
      /the emulator was closed before it answered GET \/api\/service\/stuck/,
    )
  }, 10_000)

  it('close() ends the HTTP calls still waiting for an answer, and resolves', async () => {
    const { emulator, running } = withStuckService()
    const url = await emulator.listen()
    const pending = fetch(`${url}/service/stuck`)
    await running
    await emulator.close()
    await expect(pending).rejects.toThrow()
  }, 10_000)

  it('fetch takes what the global fetch takes: a Request, or a URL or path with init', async () => {
    await using emulator = createEmulator()
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin' }),
    }
    const answers = [
      await emulator.fetch(new Request('http://localhost/api/auth/login', init)),
      await emulator.fetch('/api/auth/login', init),
      await emulator.fetch(new URL('http://emulator.test/api/auth/login'), init),
    ]
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
  })
})

describe('the access log', () => {
  it('gets one line per request, with a URL token written verbatim, as server access logs do on the platform', async () => {
    const lines: string[] = []
    await using emulator = createEmulator({ accessLog: (line) => lines.push(line) })
    const login = await emulator.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin' }),
    })
    const { access_token } = (await login.json()) as { access_token: string }
    await emulator.fetch(`/api/auth/userInfo?access_token=${access_token}`)
    await emulator.fetch('/api/nowhere')
    const time = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z'
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(new RegExp(`^${time} POST /api/auth/login 200 \\d+(\\.\\d)?ms admin -$`))
    expect(lines[1]).toMatch(
      new RegExp(
        `^${time} GET /api/auth/userInfo\\?access_token=${access_token} 200 \\d+(\\.\\d)?ms admin -$`,
      ),
    )
    expect(lines[2]).toMatch(new RegExp(`^${time} GET /api/nowhere 501 \\d+(\\.\\d)?ms - 501$`))
  })

  it('records the caller, the errCode of an error, and status:error for a validation failure answered 200', async () => {
    const entries: AccessLogEntry[] = []
    const lines: string[] = []
    await using emulator = createEmulator({
      domains: { Order: { fields: { status: { type: 'STRING', required: true } } } },
      accessLog: (line, entry) => {
        lines.push(line)
        entries.push(entry)
      },
    })
    const login = await emulator.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin' }),
    })
    const { access_token } = (await login.json()) as { access_token: string }
    const auth = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' }
    await emulator.fetch('/api/data/Order', { method: 'POST', headers: auth, body: '{"status":"OPEN"}' })
    await emulator.fetch('/api/data/Order', { method: 'POST', headers: auth, body: '{}' })
    await emulator.fetch('/api/data/Order')
    await emulator.fetch('/api/data/Order/1', { method: 'POST', headers: auth, body: '{}' })
    expect(
      entries.slice(1).map(({ method, path, status, user, errCode, validationError }) => ({
        method,
        path,
        status,
        user,
        errCode,
        validationError,
      })),
    ).toEqual([
      {
        method: 'POST',
        path: '/api/data/Order',
        status: 200,
        user: 'admin',
        errCode: null,
        validationError: false,
      },
      {
        method: 'POST',
        path: '/api/data/Order',
        status: 200,
        user: 'admin',
        errCode: null,
        validationError: true,
      },
      {
        method: 'GET',
        path: '/api/data/Order',
        status: 403,
        user: null,
        errCode: 1004,
        validationError: false,
      },
      {
        method: 'POST',
        path: '/api/data/Order/1',
        status: 405,
        user: null,
        errCode: 405,
        validationError: false,
      },
    ])
    expect(lines[2]).toMatch(/ POST \/api\/data\/Order 200 \S+ms admin status:error$/)
    expect(lines[3]).toMatch(/ GET \/api\/data\/Order 403 \S+ms - 1004$/)
    for (const entry of entries) expect(entry.durationMs).toBeGreaterThanOrEqual(0)
  })
})

describe('listen', () => {
  it('binds 127.0.0.1 on a free port by default and resolves to the base URL ending in /api', async () => {
    await using emulator = createEmulator()
    const url = await emulator.listen()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/)
    expect(Number(new URL(url).port)).toBeGreaterThan(0)
    const response = await fetch(`${url}/auth/userInfo`)
    expect(response.status).toBe(401)
  })

  it('does not serve the default admin/admin over HTTP: once it listens the password is made up, as vendor-api serve does', async () => {
    const login = (url: string, password: string) =>
      fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      }).then(async (answer) => [answer.status, ((await answer.json()) as { errCode?: number }).errCode])

    await using defaults = createEmulator()
    const url = await defaults.listen()
    expect(await login(url, 'admin')).toEqual([400, 1010])
    // Setting a password of one's own opens the login again.
    defaults.updateUser('admin', { password: 'chosen-by-me' })
    expect(await login(url, 'chosen-by-me')).toEqual([200, undefined])
    await defaults.close()

    // A password set before listening, or users given, are the developer's choice and kept.
    await using before = createEmulator()
    before.updateUser('admin', { password: 'set-before-listen' })
    expect(await login(await before.listen(), 'set-before-listen')).toEqual([200, undefined])
    await before.close()
    await using given = createEmulator({
      users: [{ username: 'admin', password: 'admin', roles: ['ROLE_ADMIN'] }],
    })
    expect(await login(await given.listen(), 'admin')).toEqual([200, undefined])
  })

  it('refuses to listen twice', async () => {
    await using emulator = createEmulator()
    await emulator.listen()
    await expect(emulator.listen()).rejects.toThrow(/already listening/)
  })

  it('close() stops the server, keep-alive connections included', async () => {
    const emulator = createEmulator()
    const url = await emulator.listen()
    expect((await fetch(`${url}/auth/userInfo`, { headers: { connection: 'keep-alive' } })).status).toBe(401)
    await emulator.close()
    await expect(fetch(`${url}/auth/userInfo`)).rejects.toThrow()
  })

  it('says what to do when the port is taken', async () => {
    const { createServer } = await import('node:net')
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    try {
      await using emulator = createEmulator()
      const port = (blocker.address() as { port: number }).port
      await expect(emulator.listen({ port })).rejects.toThrow(
        new RegExp(
          `cannot listen on 127\\.0\\.0\\.1:${port}: .*Choose another port \\(0 takes a free one\\)`,
        ),
      )
    } finally {
      blocker.close()
    }
  })

  it('refuses a port out of range', async () => {
    await using emulator = createEmulator()
    await expect(emulator.listen({ port: 70000 })).rejects.toThrow(IllegalArgumentException)
  })
})
