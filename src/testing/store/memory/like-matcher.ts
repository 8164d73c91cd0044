import { ANY_ONE, ANY_RUN, type LikeItem, type LikePattern } from '../query/like-pattern.js'

/**
 * A matcher for a parsed `iLike` pattern (see `parseLikePattern` for the rules): whether a stored string
 * matches, lower-cased as PostgreSQL lowers both sides for a multi-byte encoding.
 *
 * @param pattern - The parsed pattern.
 * @returns A function telling whether a string matches.
 * @internal
 */
export function likeMatcher(pattern: LikePattern): (text: string) => boolean {
  const items = pattern.items
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
function matchItems(items: readonly LikeItem[], text: string): boolean {
  let p = 0
  let t = 0
  let starP = -1
  let starT = 0
  while (t < text.length) {
    if (p < items.length) {
      const item = items[p] as LikeItem
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
