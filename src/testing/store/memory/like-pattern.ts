import { IllegalArgumentException } from '../../../errors/illegal-argument-exception.js'

/** A compiled pattern item: a literal run of text, one code point (`_`), or any run (`%`). */
type Item = string | typeof ANY_ONE | typeof ANY_RUN

const ANY_ONE = 1
const ANY_RUN = 2

/**
 * Compiles an `iLike` pattern into a matcher with PostgreSQL's `ILIKE` rules: the pattern must match the
 * WHOLE string; `%` matches any run of characters (also none), `_` exactly one character (a code point,
 * so one astral character too); `\` makes the next character literal; both sides are lower-cased first
 * (PostgreSQL lowers both with `lower()` for a multi-byte encoding).
 *
 * @param pattern - The pattern, as the plugin passed it.
 * @param where - The condition, for the error message (`Order.name iLike`).
 * @returns A function telling whether a string matches.
 * @throws {@link IllegalArgumentException} when the pattern ends with a lone `\` (PostgreSQL: "LIKE
 *   pattern must not end with escape character").
 * @internal
 */
export function compileLikePattern(pattern: string, where: string): (text: string) => boolean {
  const items = parse(pattern.toLowerCase(), pattern, where)
  const first = items[0]
  const last = items[items.length - 1]
  // The shapes plugins write most: exact, prefix%, %suffix, %infix%.
  if (items.length === 0) return (text) => text === ''
  if (items.length === 1 && typeof first === 'string') return (text) => text.toLowerCase() === first
  if (items.length === 1 && first === ANY_RUN) return () => true
  if (items.length === 2 && typeof first === 'string' && last === ANY_RUN) {
    return (text) => text.toLowerCase().startsWith(first)
  }
  if (items.length === 2 && first === ANY_RUN && typeof last === 'string') {
    return (text) => text.toLowerCase().endsWith(last)
  }
  if (items.length === 3 && first === ANY_RUN && last === ANY_RUN && typeof items[1] === 'string') {
    const infix = items[1]
    return (text) => text.toLowerCase().includes(infix)
  }
  return (text) => matchItems(items, text.toLowerCase())
}

/** Splits a lower-cased pattern into literal runs and wildcards; consecutive `%` collapse into one. */
function parse(lowered: string, original: string, where: string): Item[] {
  const items: Item[] = []
  let literal = ''
  let escaped = false
  for (const char of lowered) {
    if (escaped) {
      literal += char
      escaped = false
    } else if (char === '\\') {
      escaped = true
    } else if (char === '%' || char === '_') {
      if (literal !== '') items.push(literal)
      literal = ''
      if (char === '_') items.push(ANY_ONE)
      else if (items[items.length - 1] !== ANY_RUN) items.push(ANY_RUN)
    } else {
      literal += char
    }
  }
  if (escaped) {
    throw new IllegalArgumentException(
      `${where}: the pattern ${JSON.stringify(original)} ends with the escape character \\, which PostgreSQL refuses ("LIKE pattern must not end with escape character"); write \\\\ to match a backslash.`,
    )
  }
  if (literal !== '') items.push(literal)
  return items
}

/** Length in UTF-16 units of the code point at `index`. */
function codePointLength(text: string, index: number): number {
  const unit = text.charCodeAt(index)
  if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
    const next = text.charCodeAt(index + 1)
    if (next >= 0xdc00 && next <= 0xdfff) return 2
  }
  return 1
}

/**
 * Glob matching with backtracking to the last `%` only: O(text × pattern) at worst, never exponential.
 * Positions stay on code-point boundaries because literals are whole code points and `_` steps by one.
 */
function matchItems(items: readonly Item[], text: string): boolean {
  let p = 0
  let t = 0
  let starP = -1
  let starT = 0
  while (t < text.length) {
    if (p < items.length) {
      const item = items[p] as Item
      if (item === ANY_RUN) {
        starP = p++
        starT = t
        continue
      }
      if (item === ANY_ONE) {
        t += codePointLength(text, t)
        p++
        continue
      }
      if (text.startsWith(item, t)) {
        t += item.length
        p++
        continue
      }
    }
    if (starP < 0) return false
    starT += codePointLength(text, starT)
    t = starT
    p = starP + 1
  }
  while (p < items.length && items[p] === ANY_RUN) p++
  return p === items.length
}
