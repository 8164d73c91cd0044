import { IllegalArgumentException } from '../../../errors/illegal-argument-exception.js'

/** One item of a parsed pattern: a literal run of lower-cased text, one code point (`_`), or any run (`%`). */
export type LikeItem = string | typeof ANY_ONE | typeof ANY_RUN

/** `_`: exactly one character. @internal */
export const ANY_ONE = 1
/** `%`: any run of characters, none included. @internal */
export const ANY_RUN = 2

/**
 * An `iLike` pattern, checked and parsed once: the text the plugin gave (what a SQL store sends with
 * `ESCAPE '\'`) and its items (what the in-memory store matches with).
 *
 * @internal
 */
export interface LikePattern {
  /** The pattern as the plugin passed it. */
  readonly text: string
  /** The lower-cased literal runs and wildcards; consecutive `%` collapse into one. */
  readonly items: readonly LikeItem[]
}

/**
 * Parses an `iLike` pattern with PostgreSQL's `ILIKE` rules: the pattern matches the WHOLE string; `%`
 * matches any run of characters (also none), `_` exactly one character (a code point); `\` makes the next
 * character literal; both sides are compared lower-cased.
 *
 * @param pattern - The pattern, as the plugin passed it.
 * @param where - The condition, for the error message (`iLike('name') on Order`).
 * @returns The parsed pattern.
 * @throws {@link IllegalArgumentException} when the pattern ends with a lone `\` (PostgreSQL: "LIKE
 *   pattern must not end with escape character").
 * @internal
 */
export function parseLikePattern(pattern: string, where: string): LikePattern {
  const items: LikeItem[] = []
  let literal = ''
  let escaped = false
  for (const char of pattern.toLowerCase()) {
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
      `${where}: the pattern ${JSON.stringify(pattern)} ends with the escape character \\, which PostgreSQL refuses ("LIKE pattern must not end with escape character"); write \\\\ to match a backslash.`,
    )
  }
  if (literal !== '') items.push(literal)
  return Object.freeze({ text: pattern, items: Object.freeze(items) })
}
