import { VendorApiError } from './vendor-api-error.js'

/**
 * Thrown, under `static` linkage (Java or `@CompileStatic` Groovy), when the bound runtime has no method with
 * the exact descriptor that the plugin was compiled against: a member the artifact declares but the runtime
 * lacks, or one whose runtime return type differs (`AsyncHelper.task(Runnable)`).
 *
 * The message is the JVM's: the declaring class, the method and its descriptor, for example
 * `tech.vendor.api.AsyncHelper.task(ZLjava/lang/Runnable;)V`.
 *
 * @see {@link MissingMethodException}, its twin under `dynamic` linkage.
 * @example
 * ```ts
 * import { AsyncHelper, NoSuchMethodError } from '@tech-vendor/api'
 *
 * try {
 *   AsyncHelper.task(true, () => console.log('tick'))
 * } catch (error) {
 *   if (NoSuchMethodError.is(error)) console.log(error.descriptor)
 * }
 * ```
 */
export class NoSuchMethodError extends VendorApiError {
  /** Fully qualified name of the Java class this error stands for. */
  static override readonly javaClass: string = 'java.lang.NoSuchMethodError'

  static {
    Object.defineProperty(this.prototype, 'name', {
      value: 'NoSuchMethodError',
      configurable: true,
      writable: true,
    })
  }

  /** The Java class's simple name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'NoSuchMethodError'

  /** The method that was not found, as the JVM prints it: `owner.name(parameters)return`. */
  readonly descriptor: string

  /**
   * @param descriptor - The JVM method descriptor, such as `tech.vendor.api.AsyncHelper.task(ZLjava/lang/Runnable;)V`.
   * @param hint - What the caller can do instead; appended to the message.
   */
  constructor(descriptor: string, hint?: string) {
    super(hint === undefined ? descriptor : `${descriptor}\n${hint}`)
    this.descriptor = descriptor
  }
}
