import { WireError } from '../wire/wire-error.js'

/** The default page size of a list (`max`). */
export const DEFAULT_MAX = 10

/** The largest page size served: a larger `max` is served as this. */
export const MAX_MAX = 500

/** One page of a list or search. */
export interface PageParams {
  readonly max: number
  readonly offset: number
}

/**
 * The page a request asks for: `max` (default 10; above 500 served as 500) and `offset` (0-based, default 0).
 *
 * @throws WireError 400 (1001) when either is not a whole number of 0 or more.
 * @internal
 */
export function pageParams(query: Readonly<Record<string, string>>): PageParams {
  const read = (name: string, fallback: number): number => {
    const text = query[name]
    if (text === undefined || text === '') return fallback
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      throw new WireError(
        'IllegalArgument',
        `${name} must be a whole number of 0 or more, got ${JSON.stringify(text)}.`,
      )
    }
    return Number(text)
  }
  return { max: Math.min(read('max', DEFAULT_MAX), MAX_MAX), offset: read('offset', 0) }
}

/**
 * An object id from a path segment.
 *
 * @throws WireError 400 (1001) when it is not a positive whole number.
 * @internal
 */
export function objectId(text: string): number {
  const id = /^\d+$/.test(text) ? Number(text) : Number.NaN
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new WireError(
      'IllegalArgument',
      `an object id is a whole number above 0, got ${JSON.stringify(text)}.`,
    )
  }
  return id
}
