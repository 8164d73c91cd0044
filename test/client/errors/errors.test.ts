import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import type * as client from '../../../src/client/index.js'
import {
  AnonymousInvocationError,
  IllegalArgumentError,
  NoPermissionError,
  NotFoundError,
  PlatformConnectionError,
  PlatformError,
  PlatformValidationError,
  TokenExpiredError,
  TokenInvalidError,
  UnauthorizedError,
  UserPasswordMismatchError,
} from '../../../src/client/index.js'
import { DomainHelper, SimpleQuery } from '../../../src/index.js'
import { ensureBuilt } from '../../packaging/built-package.js'
import { TICKETS, TRANSPORTS, loggedIn, startPlatform } from '../platform.js'

type Client = typeof client

/** Every error class of the client, by name, with the code it stands for. */
const CODED: readonly (readonly [typeof PlatformError, number])[] = [
  [UserPasswordMismatchError, 1010],
  [NotFoundError, 1005],
  [UnauthorizedError, 1008],
  [NoPermissionError, 1004],
  [TokenInvalidError, 1012],
  [IllegalArgumentError, 1001],
  [TokenExpiredError, 1006],
  [AnonymousInvocationError, 11004],
]

describe.each(TRANSPORTS)('what the platform answers becomes the error of its code (%s)', (transport) => {
  it('for every documented code, with the HTTP status the platform answers it with', async () => {
    const platform = await startPlatform(transport, {
      ...TICKETS,
      settings: { 'security.jwt.expiration': 60, 'security.jwt.refreshExpiration': 120 },
      logic: { hello: () => 'hi' },
    })
    platform.emulator.host.runAs({}, () =>
      DomainHelper.createDomain(
        DomainHelper.buildDomain('DynamicServiceProvider', {
          name: 'hello',
          active: true,
          logic: SimpleQuery.of('DynamicLogic').eq('name', 'hello').get(),
        }),
      ),
    )
    const anonymous = platform.client()
    const clerk = await loggedIn(platform, 'clerk')
    const { access_token, refresh_token } = await platform.client().login('admin', 'admin')
    const forged = `${access_token.slice(0, access_token.lastIndexOf('.'))}.${'A'.repeat(43)}`
    const expired = await loggedIn(platform)
    const [ticket] = platform.seed('Ticket', [{ title: 'a' }])

    const caught = async (call: () => Promise<unknown>): Promise<unknown> =>
      call().then(
        () => 'no error',
        (error: unknown) => error,
      )
    const outcomes = [
      [await caught(() => anonymous.login('admin', 'wrong')), UserPasswordMismatchError, 400, 1010],
      [await caught(() => anonymous.login('nobody', 'x')), NotFoundError, 404, 1005],
      [await caught(() => anonymous.userInfo()), UnauthorizedError, 401, 1008],
      [await caught(() => clerk.data('Ticket').delete(ticket!)), NoPermissionError, 403, 1004],
      [
        await caught(() =>
          platform
            .client({ tokens: { accessToken: 'x', refreshToken: 'x' } })
            .data('Ticket')
            .list(),
        ),
        TokenInvalidError,
        401,
        1012,
      ],
      [
        await caught(() =>
          platform
            .client({ tokens: { accessToken: forged, refreshToken: refresh_token } })
            .data('Ticket')
            .list(),
        ),
        IllegalArgumentError,
        400,
        1001,
      ],
      [await caught(() => anonymous.service('hello')), AnonymousInvocationError, 500, 11004],
    ] as const
    platform.advance(200)
    const afterExpiry = [
      await caught(() => expired.data('Ticket').list()),
      TokenExpiredError,
      401,
      1006,
    ] as const

    for (const [error, type, status, errCode] of [...outcomes, afterExpiry] as const) {
      expect((type as typeof PlatformError).is(error), `${type.name} for ${String(error)}`).toBe(true)
      expect(error).toBeInstanceOf(PlatformError)
      expect(error).toMatchObject({ status, errCode, name: type.name })
      expect((error as Error).message).toMatch(
        new RegExp(`was answered HTTP ${status} with errCode ${errCode}: `),
      )
    }
    // One class per code: no error passes another class's guard but its own and PlatformError's.
    for (const [error, own] of [...outcomes, afterExpiry]) {
      for (const [type] of CODED) expect(type.is(error), `${own.name} as ${type.name}`).toBe(type === own)
    }
  })

  it('an answer with another code is a PlatformError of that code', async () => {
    const platform = await startPlatform(transport)
    // The emulator's answer to a route it does not serve (HTTP 501, errCode 501), given to a webhook call.
    platform.intercept(() =>
      platform.emulator.fetch('http://localhost/api/reports/anything', { method: 'PUT' }),
    )
    const error = await platform
      .client()
      .webhook('anything')
      .catch((caught: unknown) => caught)
    expect(PlatformError.is(error)).toBe(true)
    expect(CODED.some(([type]) => type.is(error))).toBe(false)
    expect(error).toMatchObject({
      name: 'PlatformError',
      status: 501,
      errCode: 501,
      errMsg: expect.stringMatching(
        /^ErrorCode: 501, ErrorMsg: NotImplemented, PUT \/api\/reports\/anything is not served/,
      ),
      body: { success: false, errCode: 501 },
    })
  })

  it('an answer that is not JSON is a PlatformError with its text', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    platform.intercept(
      () =>
        new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    )
    const error = await client
      .data('Ticket')
      .create({ title: 'a' })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      status: 502,
      errCode: undefined,
      errMsg: '<html>Bad Gateway</html>',
      body: '<html>Bad Gateway</html>',
    })
    platform.intercept(
      () => new Response('<html>login</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    )
    const notJson = await client
      .data('Ticket')
      .get(1)
      .catch((caught: unknown) => caught)
    expect(PlatformError.is(notJson)).toBe(true)
    expect(notJson).toMatchObject({
      status: 200,
      errMsg: "The answer is not the platform's JSON (does baseUrl end in /api?): <html>login</html>",
    })
  })
})

describe('the error classes', () => {
  it('have stable names, and their guards follow the class hierarchy', () => {
    const init = { status: 400, errMsg: 'x' }
    for (const [type, errCode] of CODED) {
      const error = new type(init)
      expect(error.name).toBe(type.name)
      expect(error.errCode).toBe(errCode)
      expect(type.errCode).toBe(errCode)
      expect(PlatformError.is(error)).toBe(true)
      expect(error instanceof PlatformError).toBe(true)
      expect(error instanceof Error).toBe(true)
      expect(PlatformValidationError.is(error)).toBe(false)
      expect(PlatformConnectionError.is(error)).toBe(false)
    }
    const validation = new PlatformValidationError({ status: 200, errMsg: 'title is required' })
    expect(validation.name).toBe('PlatformValidationError')
    expect(PlatformError.is(validation)).toBe(true)
    expect(validation.message).toBe(
      'A request was answered HTTP 200: title is required. Nothing was written.',
    )
    const connection = new PlatformConnectionError({ reason: 'timeout', detail: 'no answer within 5 ms' })
    expect(connection.name).toBe('PlatformConnectionError')
    expect(PlatformConnectionError.is(connection)).toBe(true)
    expect(PlatformError.is(connection)).toBe(false)
    expect(connection instanceof Error).toBe(true)
  })

  it("say what to do after the platform's terse message, for every documented code", () => {
    for (const [type, errCode] of CODED) {
      // The platform's own message names the error and nothing more.
      const errMsg = `ErrorCode: ${errCode}, ErrorMsg: ${type.name.replace(/Error$/, '')}`
      const { message } = new type({ status: 400, errCode, errMsg })
      expect(message).toMatch(
        new RegExp(`^A request was answered HTTP 400 with errCode ${errCode}: ${errMsg}\\. \\S`),
      )
      expect(message.slice(message.indexOf(errMsg) + errMsg.length + 2)).toBe(type.advice)
    }
  })

  it('recognise nothing else', () => {
    for (const value of [
      undefined,
      null,
      0,
      'PlatformError',
      {},
      new Error('x'),
      { name: 'NotFoundError', errCode: 1005 },
    ])
      for (const type of [PlatformError, NotFoundError, PlatformConnectionError] as {
        is(value: unknown): boolean
      }[])
        expect(type.is(value)).toBe(false)
  })

  it('serialise to their fields with toJSON', () => {
    const error = new NoPermissionError({
      status: 403,
      errMsg: 'no',
      body: { errCode: 1004 },
      request: 'GET /api/data/Order',
    })
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'NoPermissionError',
      message:
        'GET /api/data/Order was answered HTTP 403 with errCode 1004: no. Log in as a user with a role the domain requires.',
      status: 403,
      errCode: 1004,
      errMsg: 'no',
      body: { errCode: 1004 },
      request: 'GET /api/data/Order',
    })
    expect(
      JSON.parse(JSON.stringify(new PlatformConnectionError({ reason: 'network', detail: 'fetch failed' }))),
    ).toEqual({
      name: 'PlatformConnectionError',
      message:
        "A request got no answer: fetch failed. Check that the platform runs at baseUrl and, from a browser, allows this page's origin (CORS).",
      reason: 'network',
    })
  })
})

describe('the guards across package copies', () => {
  let esm: Client
  let cjs: Client

  beforeAll(async () => {
    const dist = ensureBuilt()
    esm = (await import(pathToFileURL(join(dist, 'client', 'index.js')).href)) as Client
    cjs = createRequire(import.meta.url)(join(dist, 'client', 'index.cjs')) as Client
  })

  it('recognise an error of the CommonJS copy in the ESM copy and the other way round, instanceof too', () => {
    expect(esm.NotFoundError).not.toBe(cjs.NotFoundError)
    const fromCjs = new cjs.NotFoundError({ status: 404, errMsg: 'gone' })
    const fromEsm = new esm.PlatformConnectionError({ reason: 'network', detail: 'down' })
    expect(esm.NotFoundError.is(fromCjs)).toBe(true)
    expect(esm.PlatformError.is(fromCjs)).toBe(true)
    expect(fromCjs instanceof esm.NotFoundError).toBe(true)
    expect(fromCjs instanceof esm.PlatformError).toBe(true)
    expect(esm.TokenExpiredError.is(fromCjs)).toBe(false)
    expect(cjs.PlatformConnectionError.is(fromEsm)).toBe(true)
    expect(fromEsm instanceof cjs.PlatformConnectionError).toBe(true)
    expect(cjs.PlatformError.is(fromEsm)).toBe(false)
    // The source copy, as a bundler would inline it, is a third copy.
    expect(NotFoundError.is(fromCjs)).toBe(true)
    expect(new NotFoundError({ status: 404, errMsg: 'x' }) instanceof cjs.PlatformError).toBe(true)
  })

  it('keep their names in the built copies', () => {
    for (const [type] of CODED) {
      const name = type.name as 'NotFoundError'
      expect(new esm[name]({ status: 1, errMsg: 'x' }).name).toBe(type.name)
      expect(new cjs[name]({ status: 1, errMsg: 'x' }).name).toBe(type.name)
    }
  })
})
