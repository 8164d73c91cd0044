/**
 * Orders things by their `path`, by UTF-16 code units (the same on every machine, not by locale), so that
 * what a run lists does not depend on the order of the paths it was given.
 */
export function byPath(a: { readonly path: string }, b: { readonly path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0
}
