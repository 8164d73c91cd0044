import * as jose from 'jose'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { TokenService } from '../../../src/emulator/auth/token-service.js'
import { WireError } from '../../../src/emulator/wire/wire-error.js'
import { manualClock } from '../wire.js'

// Counts the signature checks: jose's jwtVerify is the one place a token's signature is checked.
vi.mock('jose', async (importOriginal) => {
  const original = await importOriginal<typeof jose>()
  return { ...original, jwtVerify: vi.fn(original.jwtVerify) }
})
const verifications = vi.mocked(jose.jwtVerify)

const SETTINGS = { secret: 'a-secret-of-the-emulator-0123456789', expiration: 60, refreshExpiration: null }

/** The errCode a verification failed with. */
async function failure(verified: Promise<string>): Promise<number> {
  const error: unknown = await verified.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  if (!(error instanceof WireError)) throw new Error(`expected a WireError, got ${String(error)}`)
  return error.body()['errCode'] as number
}

beforeEach(() => {
  verifications.mockClear()
})

describe('TokenService.verify', () => {
  it('checks the signature of a token once, however often the token is used', async () => {
    const tokens = new TokenService(SETTINGS, Date.now)
    const token = await tokens.issueAccessToken('ann')
    for (let i = 0; i < 50; i++) expect(await tokens.verify(token)).toBe('ann')
    expect(verifications).toHaveBeenCalledTimes(1)
  })

  it('a remembered token still expires at its exp by the emulator clock (1006), as a fresh one does', async () => {
    const clock = manualClock()
    const tokens = new TokenService(SETTINGS, clock.now)
    const token = await tokens.issueAccessToken('ann')
    expect(await tokens.verify(token)).toBe('ann')
    clock.advance(59)
    expect(await tokens.verify(token)).toBe('ann')
    expect(verifications).toHaveBeenCalledTimes(1)
    clock.advance(1)
    expect(await failure(tokens.verify(token))).toBe(1006)
    expect(await failure(tokens.verify(token))).toBe(1006)
    // A clock set back makes it valid again, as it would a token never seen.
    clock.advance(-30)
    expect(await tokens.verify(token)).toBe('ann')
  })

  it('a token not yet valid (nbf) is not taken from what was remembered when the clock goes back', async () => {
    const clock = manualClock()
    const tokens = new TokenService(SETTINGS, clock.now)
    const seconds = Math.floor(clock.now() / 1000)
    const token = await new jose.SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('ann')
      .setNotBefore(seconds)
      .sign(new TextEncoder().encode(SETTINGS.secret))
    expect(await tokens.verify(token)).toBe('ann')
    clock.advance(-1)
    expect(await failure(tokens.verify(token))).toBe(1012)
    expect(verifications).toHaveBeenCalledTimes(2)
  })

  it('what one service remembers does not let a token of another secret through', async () => {
    const ours = new TokenService(SETTINGS, Date.now)
    const theirs = new TokenService({ ...SETTINGS, secret: 'another-secret-entirely-0123456789' }, Date.now)
    const token = await theirs.issueAccessToken('mallory')
    expect(await theirs.verify(token)).toBe('mallory')
    expect(await failure(ours.verify(token))).toBe(1001)
    expect(await failure(ours.verify(token))).toBe(1001)
  })

  it('a token that fails is checked again at each use, not remembered', async () => {
    const tokens = new TokenService(SETTINGS, Date.now)
    const [header, payload] = (await tokens.issueAccessToken('ann')).split('.')
    const forged = `${header}.${payload}.${'A'.repeat(43)}`
    for (let i = 0; i < 3; i++) expect(await failure(tokens.verify(forged))).toBe(1001)
    expect(verifications).toHaveBeenCalledTimes(3)
  })

  it('remembers a bounded number of tokens, dropping the least recently used', async () => {
    const capacity = 8
    const tokens = new TokenService(SETTINGS, Date.now, capacity)
    const first = await tokens.issueAccessToken('user-0')
    const second = await tokens.issueAccessToken('user-1')
    await tokens.verify(first)
    await tokens.verify(second)
    for (let i = 2; i < capacity; i++) await tokens.verify(await tokens.issueAccessToken(`user-${i}`))
    // Full now. Using the first makes the second the least recently used, which the next new token pushes out.
    await tokens.verify(first)
    await tokens.verify(await tokens.issueAccessToken('one-more'))
    verifications.mockClear()
    expect(await tokens.verify(first)).toBe('user-0')
    expect(verifications).toHaveBeenCalledTimes(0)
    expect(await tokens.verify(second)).toBe('user-1')
    expect(verifications).toHaveBeenCalledTimes(1)
  })
})
