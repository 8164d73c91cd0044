import { VendorApiError } from './vendor-api-error.js'

/**
 * One failed constraint of a domain object, as the platform reports it.
 *
 * @example
 * ```ts
 * import type { FieldError } from '@tech-vendor/api'
 *
 * const missing: FieldError = { field: 'status', code: 'nullable', message: 'status is required' }
 * ```
 */
export interface FieldError {
  /** The field that failed, such as `status`. */
  readonly field: string
  /** The constraint that failed: `nullable` (a required field is missing), `typeMismatch`, `unknownField`, `invalidReference`, ... */
  readonly code: string
  /** What is wrong with the field and what value it accepts. */
  readonly message: string
  /** The rejected value, if there was one. */
  readonly rejectedValue?: unknown
}

/**
 * Thrown when a create or update fails validation (the GORM `grails.validation.ValidationException`).
 * It lists every field error at once, not only the first, and nothing has been written.
 *
 * @example
 * ```ts
 * import { DomainHelper, ValidationException } from '@tech-vendor/api'
 *
 * try {
 *   DomainHelper.createDomain(DomainHelper.buildDomain('Order', {}))
 * } catch (error) {
 *   if (ValidationException.is(error)) for (const e of error.errors) console.log(e.field, e.code)
 * }
 * ```
 */
export class ValidationException extends VendorApiError {
  /** Fully qualified name of the Java class this error stands for. */
  static override readonly javaClass: string = 'grails.validation.ValidationException'

  static {
    Object.defineProperty(this.prototype, 'name', {
      value: 'ValidationException',
      configurable: true,
      writable: true,
    })
  }

  /** The Java class's simple name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'ValidationException'

  /** The domain whose object failed validation. */
  readonly domain: string
  /** Every field error, in field order. */
  readonly errors: readonly FieldError[]

  /**
   * @param domain - The domain whose object failed validation.
   * @param errors - Every field error found; the message lists them all.
   */
  constructor(domain: string, errors: readonly FieldError[]) {
    const lines = errors.map((e) => `  - ${e.field}: ${e.message}`).join('\n')
    super(
      `Validation of ${domain} failed with ${errors.length} error${errors.length === 1 ? '' : 's'}; nothing was written:\n${lines}`,
    )
    this.domain = domain
    this.errors = Object.freeze([...errors])
  }
}
