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

/**
 * A decoded JSON value with every token in it replaced by `[token]` (see {@link redactTokens}), in every string
 * and every key at any depth. The text of an answer is redacted before it is decoded, but JSON can spell a token
 * with `\u` escapes (`\u0065yJ...`), which only decoding turns back into the token: so the decoded value is
 * redacted too. It changes the value in place (the caller's own, freshly parsed), walks with a stack of its own,
 * so no depth overflows the call stack, and writes with `defineProperty`, so a `__proto__` key stays an ordinary
 * key.
 *
 * @internal
 */
export function redactDecoded(value: unknown, secrets: readonly (string | undefined)[]): unknown {
  const holder = { value }
  const stack: object[] = [holder]
  for (let from = stack.pop(); from; from = stack.pop())
    for (const [key, item] of Object.entries(from) as [string, unknown][]) {
      const name = Array.isArray(from) ? key : redactTokens(key, secrets)
      // A key that held a token is renamed: the token's key goes.
      if (name !== key) delete (from as Record<string, unknown>)[key]
      Object.defineProperty(from, name, {
        value: typeof item === 'string' ? redactTokens(item, secrets) : item,
        enumerable: true,
        writable: true,
        configurable: true,
      })
      if (typeof item === 'object' && item !== null) stack.push(item)
    }
  return holder.value
}
