import { VendorApiError } from './vendor-api-error.js'

/**
 * Thrown, under `dynamic` linkage (Groovy, a JavaScript engine), when the bound runtime has no method that
 * accepts the arguments of a call: a member the artifact declares but the runtime lacks.
 *
 * The message is Groovy's: `No signature of method: static tech.vendor.api.AsyncHelper.task() is applicable
 * for argument types: (java.lang.Boolean, groovy.lang.Closure) values: [true, ...]`.
 *
 * @see {@link NoSuchMethodError}, its twin under `static` linkage.
 * @example
 * ```ts
 * import { MessageHelper, MissingMethodException, Notification, MessageSeverity } from '@tech-vendor/api'
 *
 * try {
 *   MessageHelper.pushNotification(new Notification({ content: 'hi', severity: MessageSeverity.INFO, toUserName: 'ann' }))
 * } catch (error) {
 *   if (MissingMethodException.is(error)) console.log(error.method, error.argumentTypes)
 * }
 * ```
 */
export class MissingMethodException extends VendorApiError {
  /** Fully qualified name of the Java class this error stands for. */
  static override readonly javaClass: string = 'groovy.lang.MissingMethodException'

  static {
    Object.defineProperty(this.prototype, 'name', {
      value: 'MissingMethodException',
      configurable: true,
      writable: true,
    })
  }

  /** The Java class's simple name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'MissingMethodException'

  /** The method name that was called, such as `task`. */
  readonly method: string
  /** The fully qualified class the method was looked up on, such as `tech.vendor.api.AsyncHelper`. */
  readonly type: string
  /** The Java type of each argument, as Groovy reports it (`java.lang.Boolean`, `groovy.lang.Closure`, ...). */
  readonly argumentTypes: readonly string[]

  /**
   * @param details - The method, its class, whether it was called statically, the argument types and values
   *   as Groovy prints them, and an optional hint appended to the message.
   */
  constructor(details: {
    readonly method: string
    readonly type: string
    readonly isStatic: boolean
    readonly argumentTypes: readonly string[]
    readonly argumentValues: readonly string[]
    readonly hint?: string
  }) {
    const head =
      `No signature of method: ${details.isStatic ? 'static ' : ''}${details.type}.${details.method}() ` +
      `is applicable for argument types: (${details.argumentTypes.join(', ')}) values: [${details.argumentValues.join(', ')}]`
    super(details.hint === undefined ? head : `${head}\n${details.hint}`)
    this.method = details.method
    this.type = details.type
    this.argumentTypes = Object.freeze([...details.argumentTypes])
  }
}
