/**
 * A token where a token is written: after `Bearer `, or as the value of `access_token`, `refresh_token`,
 * `accessToken` or `refreshToken` (`=` in a URL or form, `:` in JSON or text). A placeholder such as
 * `<access_token>` in an instruction, and a `[token]` put there before, are left alone.
 */
const NAMED_TOKEN = /(bearer\s+|(?:access|refresh)_?token["']?\s*[:=]\s*["']?)[^\s"'&,;<>()[\]{}]+/gi

/** Anything shaped like a JWT (`header.payload.signature`, the header base64url JSON). */
const JWT = /eyJ[\w-]*\.[\w-]*\.[\w-]*/g

/**
 * Replaces every token in a text with `[token]`: the given secrets wherever they appear, a value after `Bearer `
 * or a token-named key, and anything shaped like a JWT.
 *
 * @internal
 */
export function redactTokens(text: string, secrets: readonly (string | undefined)[]): string {
  for (const secret of secrets) if (secret) text = text.split(secret).join('[token]')
  return text.replace(NAMED_TOKEN, '$1[token]').replace(JWT, '[token]')
}
