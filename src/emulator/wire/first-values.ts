/**
 * The first value of each name of URL-encoded pairs (a query string, a form body), as a plain object. One
 * pass over the pairs: the names seen are kept in a `Map`, so a request of many distinct names costs as much
 * as its length (an earlier array scan made 100,000 names take a minute).
 *
 * @internal
 */
export function firstValues(pairs: Iterable<readonly [string, string]>): Record<string, string> {
  const values = new Map<string, string>()
  for (const [name, value] of pairs) if (!values.has(name)) values.set(name, value)
  return Object.fromEntries(values)
}
