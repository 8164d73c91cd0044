import { randomBytes } from 'node:crypto'

/**
 * The number tokens of parsed JSON bodies that a double does not hold exactly, by the array or object holding
 * them and their key: the token as sent. Weak, so a body is forgotten with its request.
 */
const INEXACT = new WeakMap<object, Map<string, string>>()

/**
 * What any number token that a double may not hold must contain (see `inexactTokens`): an exponent after a digit,
 * or 15 digits and points in a row (a token longer than 15 characters, its sign aside). Text without either,
 * strings included, has no such number: it is parsed without scanning it.
 */
const MAYBE_SUSPECT = /[\d.]{15}|\d[eE]/

/** A number token of JSON text (RFC 8259 §6). */
const NUMBER_TOKEN = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y

/**
 * Parses JSON text as `JSON.parse` does, and remembers every number whose value the resulting double does not
 * equal (more significant digits than a double keeps, such as `12345678901234567890.12`, or an exponent beyond
 * its range), so a field that must keep every digit (BIG_DECIMAL) can refuse it with {@link inexactNumberText}
 * instead of storing another value. Such numbers still parse to the nearest double, as `JSON.parse` gives them.
 *
 * A body without such a number (nearly all) costs one regular expression test of its text beyond `JSON.parse`.
 *
 * @param text - The JSON text.
 * @returns The parsed value.
 * @throws SyntaxError as `JSON.parse` does for malformed text.
 * @internal
 */
export function parseJsonNoting(text: string): unknown {
  if (!MAYBE_SUSPECT.test(text)) return JSON.parse(text)
  const inexact = inexactTokens(text)
  if (inexact.length === 0) return JSON.parse(text)
  // Each inexact token becomes a marked string, so the reviver learns which holder and key it landed at (the
  // order JSON.parse walks keys in is not the text's order: integer-like keys come first).
  const mark = `\u0000${randomBytes(9).toString('base64url')}:`
  let marked = ''
  let from = 0
  for (const [start, token] of inexact) {
    marked += `${text.slice(from, start)}"\\u0000${mark.slice(1)}${token}"`
    from = start + token.length
  }
  marked += text.slice(from)
  return JSON.parse(marked, function (this: object, key: string, value: unknown) {
    if (typeof value !== 'string' || !value.startsWith(mark)) return value
    const token = value.slice(mark.length)
    let byKey = INEXACT.get(this)
    if (byKey === undefined) INEXACT.set(this, (byKey = new Map<string, string>()))
    byKey.set(key, token)
    return Number(token)
  })
}

/**
 * The number as sent at `holder[key]` when {@link parseJsonNoting} found that the double parsed from it does not
 * equal it, else `undefined`.
 *
 * @param holder - The parsed object or array holding the value.
 * @param key - Its key (an array index as a string).
 * @returns The number's text in the body, such as `12345678901234567890.12`.
 * @internal
 */
export function inexactNumberText(holder: object, key: string): string | undefined {
  return INEXACT.get(holder)?.get(key)
}

/** The number tokens outside strings whose double is not the value written, with where each starts. */
function inexactTokens(text: string): [number, string][] {
  const found: [number, string][] = []
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (inString) {
      if (char === 0x5c)
        i++ // a backslash escapes the next character
      else if (char === 0x22) inString = false
      continue
    }
    if (char === 0x22) {
      inString = true
      continue
    }
    if (char !== 0x2d && (char < 0x30 || char > 0x39)) continue
    NUMBER_TOKEN.lastIndex = i
    const token = NUMBER_TOKEN.exec(text)?.[0]
    if (token === undefined) continue
    // Up to 15 significant digits, a double holds any decimal exactly enough to give it back (DBL_DIG); an
    // exponent may still leave its range (1e-400 is 0).
    const suspect = token.length > 15 || token.includes('e') || token.includes('E')
    if (suspect && !sameDecimal(token, String(Number(token)))) found.push([i, token])
    i += token.length - 1
  }
  return found
}

/** Whether two decimal texts (JSON or `String(number)` spellings, exponents allowed) are the same number. */
function sameDecimal(a: string, b: string): boolean {
  const x = canonical(a)
  const y = canonical(b)
  return x !== null && y !== null && x === y
}

/** A decimal text as `sign digits e exponent`, without leading or trailing zeros; `0` for zero. */
function canonical(text: string): string | null {
  const match = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text)
  if (match === null) return null // Infinity, NaN: never equal to a decimal text
  const [, sign, whole = '', fraction = '', exponent = '0'] = match
  const digits = whole + fraction
  const leading = digits.length - digits.replace(/^0+/, '').length
  const significant = digits.replace(/^0+/, '').replace(/0+$/, '')
  if (significant === '') return '0'
  // The value is 0.<significant> × 10^point.
  const point = whole.length - leading + Number(exponent)
  return `${sign}${significant}e${point}`
}
