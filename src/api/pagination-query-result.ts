import { IllegalStateException } from '../errors/illegal-state-exception.js'

/**
 * One page of a {@link SimpleQuery}: an array of the page's objects that also carries `totalCount`, the
 * number of all matches without paging (GORM's `PagedResultList`, which `PaginationQueryResult<T> extends
 * List<T>` in Java).
 *
 * It is a real array: index it, iterate it, spread it, `map` it (derived arrays such as `map`'s result are
 * plain arrays without `totalCount`). `totalCount` is a non-enumerable own property, so comparing the page
 * with an array compares only the objects.
 *
 * @typeParam T - The domain object type.
 * @example
 * ```ts
 * import { SimpleQuery, type PaginationQueryResult } from '@tech-vendor/api'
 *
 * const page: PaginationQueryResult<unknown> = SimpleQuery.of('Order').list(20, 10)
 * console.log(`${page.length} of ${page.totalCount}`)
 * const pages = Math.ceil(page.totalCount / 10)
 * ```
 */
export interface PaginationQueryResult<T> extends Array<T> {
  /** How many objects match the query without paging; at least the page's `length`. */
  readonly totalCount: number
}

/**
 * The {@link PaginationQueryResult} for one page the host returned.
 *
 * @param items - The page's objects, in order.
 * @param totalCount - How many objects match without paging.
 * @param host - The host's name, for the message when it returned a page without a valid count.
 * @throws {@link IllegalStateException} when the host's page is not an array with a non-negative integer count.
 * @internal
 */
export function createPaginationQueryResult<T>(
  items: unknown,
  totalCount: unknown,
  host: string,
): PaginationQueryResult<T> {
  if (
    !Array.isArray(items) ||
    typeof totalCount !== 'number' ||
    !Number.isSafeInteger(totalCount) ||
    totalCount < 0
  ) {
    throw new IllegalStateException(
      `Runtime '${host}' returned an invalid page from QueryRuntime.list: it must be { items: an array, ` +
        `totalCount: a non-negative integer }, got items ${Array.isArray(items) ? 'an array' : typeof items} and ` +
        `totalCount ${String(totalCount)}. Fix the host's query facet.`,
    )
  }
  // A plain Array (not a subclass), so that map/filter/slice return plain arrays and equality stays natural.
  const page = Array.from(items as readonly T[])
  Object.defineProperty(page, 'totalCount', { value: totalCount, enumerable: false, writable: false })
  return page as PaginationQueryResult<T>
}
