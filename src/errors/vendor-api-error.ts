/**
 * The brand every error of this package carries, under a `Symbol.for` key so that
 * two copies of the package (ESM and CommonJS, or one bundled into a plugin) agree on it.
 */
const ERROR_LINEAGE = Symbol.for('@tech-vendor/api.error-lineage')

/** Constructor shape that the static guards accept as `this`. */
type ErrorClass<E> = (abstract new (...args: never[]) => E) & { readonly javaClass: string }

/**
 * Base class of every error this package throws: the TypeScript twin of `java.lang.Throwable`.
 *
 * Each subclass keeps the Java class name as its `name` and its fully qualified name in
 * {@link VendorApiError.javaClass}. Recognise an error with the static guard `is()` (for example
 * `IllegalStateException.is(error)`), which works across copies of the package where `instanceof`
 * alone would not; `instanceof` is routed through the same guard.
 *
 * @example
 * ```ts
 * import { IllegalStateException, SimpleQuery, VendorApiError } from '@tech-vendor/api'
 *
 * try {
 *   SimpleQuery.count('Order')
 * } catch (error) {
 *   if (IllegalStateException.is(error)) console.log('no host is bound:', error.message)
 *   else if (VendorApiError.is(error)) console.log(error.javaClass)
 *   else throw error
 * }
 * ```
 */
export class VendorApiError extends Error {
  /** Fully qualified name of the Java class this error stands for. */
  static readonly javaClass: string = 'java.lang.Throwable'

  static {
    Object.defineProperty(this.prototype, 'name', { value: 'Throwable', configurable: true, writable: true })
  }

  /**
   * @param message - What went wrong and what to do about it.
   * @param options - The underlying cause, if any.
   */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    const lineage: string[] = []
    for (
      let type: unknown = new.target;
      typeof type === 'function' && typeof (type as { javaClass?: unknown }).javaClass === 'string';
      type = Object.getPrototypeOf(type)
    ) {
      const javaClass = (type as unknown as { javaClass: string }).javaClass
      if (!lineage.includes(javaClass)) lineage.push(javaClass)
    }
    Object.defineProperty(this, ERROR_LINEAGE, { value: Object.freeze(lineage) })
  }

  /** Fully qualified name of the Java class this error stands for, such as `java.lang.IllegalStateException`. */
  get javaClass(): string {
    return (this as unknown as Record<symbol, readonly string[]>)[ERROR_LINEAGE]?.[0] ?? 'java.lang.Throwable'
  }

  /**
   * Tells whether a value is an error of this class or of one of its subclasses, thrown by any copy of the
   * package.
   *
   * @param value - Anything caught.
   * @returns `true` when `value` is such an error.
   * @example
   * ```ts
   * import { NoSuchMethodError } from '@tech-vendor/api'
   *
   * const caught: unknown = new NoSuchMethodError('tech.vendor.api.AsyncHelper.task(Ljava/lang/Runnable;)V')
   * if (NoSuchMethodError.is(caught)) console.log(caught.descriptor)
   * ```
   */
  static is<E>(this: ErrorClass<E>, value: unknown): value is E {
    if (typeof value !== 'object' || value === null) return false
    const lineage = (value as Record<symbol, unknown>)[ERROR_LINEAGE]
    return Array.isArray(lineage) && lineage.includes(this.javaClass)
  }

  /**
   * Routes `instanceof` through {@link VendorApiError.is} so that it also works across package copies.
   *
   * @param value - Anything caught.
   * @returns `true` when `value` is such an error.
   * @example
   * ```ts
   * import { IllegalArgumentException } from '@tech-vendor/api'
   *
   * const caught: unknown = new IllegalArgumentException('limit must not be negative')
   * console.log(caught instanceof IllegalArgumentException) // true, whichever copy threw it
   * ```
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return this.is(value)
  }
}
