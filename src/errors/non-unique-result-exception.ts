import { VendorApiError } from './vendor-api-error.js'

/**
 * Thrown by `SimpleQuery.get()` when more than one object matches (Hibernate's
 * `org.hibernate.NonUniqueResultException`). Narrow the conditions, or use `list(0, 1, orderBy)` to take the
 * first of several.
 *
 * @example
 * ```ts
 * import { NonUniqueResultException, SimpleQuery } from '@tech-vendor/api'
 *
 * try {
 *   SimpleQuery.of('Order').eq('status', 'OPEN').get()
 * } catch (error) {
 *   if (NonUniqueResultException.is(error)) console.log(`${error.resultCount} orders are open`)
 * }
 * ```
 */
export class NonUniqueResultException extends VendorApiError {
  /** Fully qualified name of the Java class this error stands for. */
  static override readonly javaClass: string = 'org.hibernate.NonUniqueResultException'

  static {
    Object.defineProperty(this.prototype, 'name', {
      value: 'NonUniqueResultException',
      configurable: true,
      writable: true,
    })
  }

  /** The Java class's simple name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'NonUniqueResultException'

  /** How many objects matched. */
  readonly resultCount: number

  /**
   * @param resultCount - How many objects matched.
   * @param domain - The domain queried, named in the message.
   */
  constructor(resultCount: number, domain?: string) {
    super(
      `query did not return a unique result: ${resultCount}${domain === undefined ? '' : ` ${domain} objects`} matched. ` +
        'Add conditions that single one out, or use list(0, 1, orderBy) to take the first.',
    )
    this.resultCount = resultCount
  }
}
