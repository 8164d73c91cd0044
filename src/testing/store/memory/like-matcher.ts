import { IllegalArgumentException } from '../../../errors/illegal-argument-exception.js'
import { ANY_ONE, ANY_RUN, type LikePattern } from '../query/like-pattern.js'

/**
 * The longest literal searched with the engine's own `indexOf`/`includes`, whose work is at most the text times
 * the literal's length; a longer one is searched with Knuth-Morris-Pratt, whose work is at most twice the text
 * plus the literal, however the two are made.
 *
 * @internal
 */
export const SHORT_LITERAL = 64

/**
 * The longest run of a pattern between two `%` holding a `_` that is matched against any text: such a run is
 * tried at each place in turn, at most this much work per place.
 *
 * @internal
 */
export const SHORT_RUN = 32

/**
 * The work one match may do, per UTF-16 unit of text and pattern: a pattern whose `_`-holding runs (between two
 * `%`) are each at most {@link SHORT_RUN} units never needs more; a longer such run over a text built to
 * defeat it is refused rather than left to block the process (OWASP API4).
 *
 * @internal
 */
export const LIKE_WORK_PER_UNIT = 2 * SHORT_RUN + 4

/** The work all matchers did in this process (units compared or stepped over), for tests that bound it. */
let totalWork = 0

/**
 * How much work every `iLike` match of the memory store has done in this process: UTF-16 units compared or
 * stepped over by its own loops (a native `indexOf` counted as the units it scanned). Tests read it before and
 * after a match to hold the bound {@link LIKE_WORK_PER_UNIT} structurally, with no clock.
 *
 * @returns The running total.
 * @internal
 */
export function likeMatchWork(): number {
  return totalWork
}

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
 * The work of one match is bounded by {@link LIKE_WORK_PER_UNIT} per unit of text and pattern: literals are
 * found in linear time, the runs between `%` greedily left to right (the leftmost match of each leaves the most
 * room for the rest, so no backtracking is needed).
 *
 * @param pattern - The parsed pattern.
 * @returns A function telling whether a lower-cased string matches.
 * @throws {@link IllegalArgumentException} from the function, when a pattern with a `_`-holding run longer than
 *   {@link SHORT_RUN} units would need more work than the bound over that text.
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
      const find = literalFinder(shape.text)
      return (lowered) => find(lowered, 0) >= 0
    }
    case 'any':
      return () => true
    case 'general':
      return segmentMatcher(pattern)
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

/** Finds a literal in a text from a position: where it starts, or -1. */
type Finder = (text: string, from: number) => number

/**
 * How to find a literal in linear time: the engine's `indexOf` for a short one, Knuth-Morris-Pratt for a long
 * one (the engine's search can take the text times the literal for a long literal built against it).
 *
 * @param literal - The lower-cased literal.
 * @returns Its finder.
 * @internal
 */
export function literalFinder(literal: string): Finder {
  if (literal.length <= SHORT_LITERAL) {
    return (text, from) => {
      const at = text.indexOf(literal, from)
      totalWork += (at < 0 ? text.length : at + literal.length) - from
      return at
    }
  }
  // failure[i]: the length of the longest proper border of literal[0..i].
  const failure = new Int32Array(literal.length)
  for (let i = 1, k = 0; i < literal.length; i++) {
    while (k > 0 && literal.charCodeAt(i) !== literal.charCodeAt(k)) k = failure[k - 1] as number
    if (literal.charCodeAt(i) === literal.charCodeAt(k)) k++
    failure[i] = k
  }
  return (text, from) => {
    let steps = 0
    let found = -1
    for (let i = from, k = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i)
      while (k > 0 && unit !== literal.charCodeAt(k)) {
        k = failure[k - 1] as number
        steps++
      }
      steps++
      if (unit === literal.charCodeAt(k) && ++k === literal.length) {
        found = i - literal.length + 1
        break
      }
    }
    totalWork += steps
    return found
  }
}

/** A run of a pattern between two `%`: literals and `_`. */
interface Segment {
  readonly items: readonly (string | typeof ANY_ONE)[]
  /** How many code points it spans. */
  readonly points: number
  /** How to find it when it is one literal. */
  readonly find: Finder | undefined
}

/**
 * The general matcher: the pattern cut at each `%` into runs; the first run is matched at the start (unless the
 * pattern starts with `%`), the last at the end (unless it ends with `%`), and each run between found at its
 * leftmost place after the one before. Literal runs are found by {@link literalFinder}; a run holding `_` is
 * tried at each place in turn, its work counted against the bound.
 */
function segmentMatcher(pattern: LikePattern): (lowered: string) => boolean {
  const runs: (string | typeof ANY_ONE)[][] = [[]]
  for (const item of pattern.items) {
    if (item === ANY_RUN) runs.push([])
    else (runs[runs.length - 1] as (string | typeof ANY_ONE)[]).push(item)
  }
  const segments: Segment[] = runs.map((items) => ({
    items,
    points: items.reduce<number>((sum, item) => sum + (item === ANY_ONE ? 1 : [...item].length), 0),
    find: items.length === 1 && typeof items[0] === 'string' ? literalFinder(items[0]) : undefined,
  }))
  const first = segments[0] as Segment
  const last = segments[segments.length - 1] as Segment
  const middle = segments.slice(1, -1)
  const patternUnits = pattern.text.length
  if (segments.length === 1) return (lowered) => matchAt(first, lowered, 0) === lowered.length
  return (lowered) => {
    const budget = LIKE_WORK_PER_UNIT * (lowered.length + patternUnits + 1)
    const before = totalWork
    let cursor = matchAt(first, lowered, 0)
    if (cursor < 0) return false
    // Where the last run must start for it to end at the end of the text.
    let end = lowered.length
    for (let n = 0; n < last.points && end > cursor; n++) end = previousBoundary(lowered, end)
    if (end < cursor || pointsBetween(lowered, end, lowered.length) !== last.points) return false
    for (const segment of middle) {
      const found = findSegment(segment, lowered, cursor, budget - (totalWork - before), pattern.text)
      if (found < 0 || found > end) return false
      cursor = found
    }
    return cursor <= end && matchAt(last, lowered, end) === lowered.length
  }
}

/**
 * Where the leftmost match of a run at or after `from` ends, or -1.
 *
 * @throws IllegalArgumentException when the search would need more work than `budget`.
 */
function findSegment(segment: Segment, text: string, from: number, budget: number, pattern: string): number {
  if (segment.items.length === 0) return from
  if (segment.find !== undefined) {
    const at = segment.find(text, from)
    return at < 0 ? -1 : at + (segment.items[0] as string).length
  }
  const start = totalWork
  for (let at = from; at <= text.length; at += codePointLength(text, at)) {
    const end = matchAt(segment, text, at)
    if (end >= 0) return end
    if (totalWork - start > budget) {
      throw new IllegalArgumentException(
        `iLike: matching the pattern ${JSON.stringify(pattern.length > 80 ? `${pattern.slice(0, 77)}...` : pattern)} against a text of ${text.length} characters would take more than ${LIKE_WORK_PER_UNIT} steps per character, ` +
          `which a search must not cost (it would hold the server). A run of the pattern between two % that holds _ is ${SHORT_RUN} characters at most to be matched against any text; shorten it, or split it with %.`,
      )
    }
    if (at === text.length) break
  }
  return -1
}

/** Where a run matched at `at` ends, or -1 when it does not match there. */
function matchAt(segment: Segment, text: string, at: number): number {
  let t = at
  for (const item of segment.items) {
    if (item === ANY_ONE) {
      if (t >= text.length) return -1
      t += codePointLength(text, t)
      totalWork++
    } else {
      totalWork += item.length
      if (!text.startsWith(item, t)) return -1
      t += item.length
    }
  }
  return t
}

/** The code-point boundary before `index`. */
function previousBoundary(text: string, index: number): number {
  const unit = text.charCodeAt(index - 1)
  if (unit >= 0xdc00 && unit <= 0xdfff && index >= 2) {
    const before = text.charCodeAt(index - 2)
    if (before >= 0xd800 && before <= 0xdbff) return index - 2
  }
  return index - 1
}

/** How many code points lie between two boundaries. */
function pointsBetween(text: string, from: number, to: number): number {
  let points = 0
  for (let i = from; i < to; i += codePointLength(text, i)) points++
  return points
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
