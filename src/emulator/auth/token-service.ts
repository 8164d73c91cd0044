import { randomUUID, webcrypto } from 'node:crypto'
import { SignJWT, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose'
import { WireError } from '../wire/wire-error.js'

/** The one algorithm the emulator signs and accepts. */
const ALGORITHM = 'HS256'

/**
 * How many verified tokens a {@link TokenService} remembers: far more than the clients of a test or a dev server.
 *
 * @internal
 */
export const VERIFIED_CAPACITY = 4096

/** What a verified token says, kept so that the next request with it is not verified again. */
interface VerifiedToken {
  readonly username: string
  /** The `exp` claim in seconds, or `undefined`: it never expires. */
  readonly exp: number | undefined
  /** The `nbf` claim in seconds, or `undefined`. */
  readonly nbf: number | undefined
}

/** The token settings: `security.jwt.*`, read once at start. */
export interface TokenSettings {
  /** The signing secret. */
  readonly secret: string
  /** The access token lifetime in seconds. */
  readonly expiration: number
  /** The refresh token lifetime in seconds, or `null`: never expires (the platform's default). */
  readonly refreshExpiration: number | null
}

/** A new access token and refresh token. */
export interface TokenPair {
  readonly accessToken: string
  readonly refreshToken: string
}

/**
 * Issues and verifies the platform's signed bearer tokens: HS256 JWTs whose subject is the username. Access
 * tokens expire after `security.jwt.expiration` seconds; refresh tokens carry no expiry unless
 * `security.jwt.refreshExpiration` is set, and are accepted as access tokens (both as on the platform).
 * Verification accepts HS256 only: an unsigned (`alg: none`, in any case) token cannot be parsed (1012), and a
 * token signed with another algorithm or key has a wrong signature (1001).
 *
 * A token that verified is remembered (the last {@link VERIFIED_CAPACITY} distinct ones, by this service, and so
 * by its secret): a client sends the same token with every request, and checking its signature again each time
 * was a seventh of the emulator's time. Its time claims are checked again at each use, against the emulator's
 * clock, so a remembered token still expires (or is not yet valid) exactly when a fresh verification says so.
 *
 * @internal
 */
export class TokenService {
  /** The secret, imported once: jose would import a raw secret again at every sign and verify. */
  readonly #key: Promise<webcrypto.CryptoKey>
  readonly #settings: TokenSettings
  readonly #now: () => number
  /** The tokens that verified, least recently used first. */
  readonly #verified = new Map<string, VerifiedToken>()
  /** The token last moved to the end of {@link TokenService.#verified}, or `undefined`. */
  #lastUsed: string | undefined
  readonly #capacity: number

  /**
   * @param settings - The token settings.
   * @param now - The emulator's clock, in milliseconds: issue times and expiry are read from it.
   * @param capacity - How many verified tokens to remember.
   */
  constructor(settings: TokenSettings, now: () => number, capacity = VERIFIED_CAPACITY) {
    this.#capacity = capacity
    this.#key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(settings.secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    )
    this.#settings = settings
    this.#now = now
  }

  /** The access token lifetime, the login response's `expires_in`. */
  get expiresIn(): number {
    return this.#settings.expiration
  }

  /**
   * A new access token and refresh token for a user.
   *
   * @param refresh - `setting`: the refresh token expires as `security.jwt.refreshExpiration` says (login);
   *   `never`: it never expires, whatever the setting (`GET /auth/userInfo`, as the platform issues it).
   */
  async issuePair(username: string, refresh: 'setting' | 'never'): Promise<TokenPair> {
    const refreshLifetime = refresh === 'never' ? null : this.#settings.refreshExpiration
    return {
      accessToken: await this.issueAccessToken(username),
      refreshToken: await this.#sign(username, refreshLifetime),
    }
  }

  /** A new access token for a user. */
  issueAccessToken(username: string): Promise<string> {
    return this.#sign(username, this.#settings.expiration)
  }

  /**
   * The username a token was issued to.
   *
   * @throws WireError 1012 (401) when the token cannot be parsed or is unsigned, 1001 (400) when its signature
   *   is wrong (another key or algorithm), 1006 (401) when it has expired.
   */
  async verify(token: string): Promise<string> {
    const remembered = this.remembered(token)
    if (remembered !== undefined) return remembered
    // Outside its time claims now (the clock may be a test's, and go back): verified again below, which throws
    // the error a fresh token in that state gets.
    this.#verified.delete(token)
    const verified = await this.#verifyAll(token)
    // Verified twice at once (two requests with a new token): kept once, last.
    this.#verified.delete(token)
    if (this.#verified.size >= this.#capacity)
      this.#verified.delete(this.#verified.keys().next().value as string)
    this.#verified.set(token, verified)
    this.#lastUsed = token
    return verified.username
  }

  /**
   * The username of a token that verified before and is within its time claims now, at once (what
   * {@link TokenService.verify} would resolve to); `undefined` when it must be verified.
   */
  remembered(token: string): string | undefined {
    const known = this.#verified.get(token)
    if (known === undefined || !this.#inTime(known)) return undefined
    // The most recently used last: moved there unless it is (a client sends the same token again and again).
    if (token !== this.#lastUsed) {
      this.#verified.delete(token)
      this.#verified.set(token, known)
      this.#lastUsed = token
    }
    return known.username
  }

  /** Whether a remembered token's `exp` and `nbf` hold at the clock's time, as jose checks them. */
  #inTime(token: VerifiedToken): boolean {
    const seconds = Math.floor(this.#now() / 1000)
    return (
      (token.exp === undefined || token.exp > seconds) && (token.nbf === undefined || token.nbf <= seconds)
    )
  }

  /** Parses a token and checks its algorithm, signature and claims. */
  async #verifyAll(token: string): Promise<VerifiedToken> {
    let alg: unknown
    try {
      // Parsed before the signature is checked, as the platform's JWT parser does: garbage is 1012, not 1001.
      alg = decodeProtectedHeader(token).alg
      decodeJwt(token)
    } catch {
      throw new WireError(
        'TokenInvalid',
        'the token cannot be parsed: it is not a signed JWT (header.payload.signature).',
      )
    }
    // Any spelling of none: a parser that compares without case would take it as unsigned.
    if (alg === undefined || (typeof alg === 'string' && alg.toLowerCase() === 'none')) {
      throw new WireError(
        'TokenInvalid',
        'the token cannot be parsed: it is unsigned (alg none); log in for a signed token.',
      )
    }
    if (alg !== ALGORITHM) {
      throw new WireError(
        'IllegalArgument',
        `the token's signature is invalid: it is signed with ${JSON.stringify(alg)}, and tokens are signed with ${ALGORITHM}.`,
      )
    }
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        algorithms: [ALGORITHM],
        currentDate: new Date(this.#now()),
      })
      if (typeof payload.sub !== 'string' || payload.sub === '') {
        throw new WireError('TokenInvalid', 'the token names no user (no sub claim); log in for a new token.')
      }
      return { username: payload.sub, exp: payload.exp, nbf: payload.nbf }
    } catch (error) {
      if (error instanceof WireError) throw error
      switch ((error as { code?: unknown }).code) {
        case 'ERR_JWT_EXPIRED':
          throw new WireError(
            'TokenExpired',
            'the token has expired; refresh it with POST /api/auth/access_token.',
          )
        case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
          throw new WireError(
            'IllegalArgument',
            "the token signature is invalid: it was not signed with this backend's security.jwt.secret.",
          )
        default:
          throw new WireError('TokenInvalid', `the token cannot be parsed: ${(error as Error).message}.`)
      }
    }
  }

  async #sign(username: string, lifetime: number | null): Promise<string> {
    const issuedAt = Math.floor(this.#now() / 1000)
    const jwt = new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(username)
      .setIssuedAt(issuedAt)
      .setJti(randomUUID())
    if (lifetime !== null) jwt.setExpirationTime(issuedAt + lifetime)
    return jwt.sign(await this.#key)
  }
}
