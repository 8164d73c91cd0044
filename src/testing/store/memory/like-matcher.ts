import { ANY_ONE, ANY_RUN, type LikeItem, type LikePattern } from '../query/like-pattern.js'

/**
 * The shape of a parsed `iLike` pattern: the shapes plugins write most (exact, `prefix%`, `%suffix`,
 * `%infix%`) take one string method, the rest the general matcher.
 *
 * @internal
 */
export type LikeShape =
  | { readonly kind: 'exact' | 'prefix' | 'suffix' | 'infix'; readonly text: string }
  | { readonly kind: 'any' | 'general' }

/**
 * The shape of a pattern (see {@link LikeShape}); an empty pattern is the exact match of `''`.
 *
 * @param pattern - The parsed pattern.
 * @returns Its shape, with the lower-cased literal of the four simple ones.
 * @internal
 */
export function likeShape(pattern: LikePattern): LikeShape {
  const items = pattern.items
  const first = items[0]
  const last = items[items.length - 1]
  if (items.length === 0) return { kind: 'exact', text: '' }
  if (items.length === 1 && typeof first === 'string') return { kind: 'exact', text: first }
  if (items.length === 1 && first === ANY_RUN) return { kind: 'any' }
  if (items.length === 2 && typeof first === 'string' && last === ANY_RUN)
    return { kind: 'prefix', text: first }
  if (items.length === 2 && first === ANY_RUN && typeof last === 'string')
    return { kind: 'suffix', text: last }
  if (items.length === 3 && first === ANY_RUN && last === ANY_RUN && typeof items[1] === 'string')
    return { kind: 'infix', text: items[1] }
  return { kind: 'general' }
}

/**
 * A matcher for a parsed `iLike` pattern (see `parseLikePattern` for the rules) over text that is already
 * lower-cased, as PostgreSQL lowers both sides for a multi-byte encoding.
 *
 * @param pattern - The parsed pattern.
 * @returns A function telling whether a lower-cased string matches.
 * @internal
 */
export function loweredLikeMatcher(pattern: LikePattern): (lowered: string) => boolean {
  const shape = likeShape(pattern)
  switch (shape.kind) {
    case 'exact': {
      const text = shape.text
      return (lowered) => lowered === text
    }
    case 'prefix': {
      const text = shape.text
      return (lowered) => lowered.startsWith(text)
    }
    case 'suffix': {
      const text = shape.text
      return (lowered) => lowered.endsWith(text)
    }
    case 'infix': {
      const text = shape.text
      return (lowered) => lowered.includes(text)
    }
    case 'any':
      return () => true
    case 'general': {
      const items = pattern.items
      return (lowered) => matchItems(items, lowered)
    }
  }
}

/**
 * A matcher for a parsed `iLike` pattern over stored text: {@link loweredLikeMatcher} on the text lower-cased.
 *
 * @param pattern - The parsed pattern.
 * @returns A function telling whether a string matches.
 * @internal
 */
export function likeMatcher(pattern: LikePattern): (text: string) => boolean {
  const matches = loweredLikeMatcher(pattern)
  return (text) => matches(text.toLowerCase())
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
