import { VendorApiError } from './vendor-api-error.js'

/**
 * Thrown by `BeanContainer.getBean` when no bean of the requested type is registered, or when more than one
 * is and the request is ambiguous (Spring's `NoSuchBeanDefinitionException`).
 *
 * @example
 * ```ts
 * import { BeanContainer, NoSuchBeanDefinitionException } from '@tech-vendor/api'
 *
 * class MailService {}
 * try {
 *   BeanContainer.getBean(MailService)
 * } catch (error) {
 *   if (NoSuchBeanDefinitionException.is(error)) console.log(error.beanType)
 * }
 * ```
 */
export class NoSuchBeanDefinitionException extends VendorApiError {
  /** Fully qualified name of the Java class this error stands for. */
  static override readonly javaClass: string =
    'org.springframework.beans.factory.NoSuchBeanDefinitionException'

  static {
    Object.defineProperty(this.prototype, 'name', {
      value: 'NoSuchBeanDefinitionException',
      configurable: true,
      writable: true,
    })
  }

  /** The Java class's simple name: a stable `name` that survives minification and package copies. */
  declare readonly name: 'NoSuchBeanDefinitionException'

  /** The name of the requested bean type. */
  readonly beanType: string

  /**
   * @param beanType - The name of the requested bean type.
   * @param message - Why no single bean was found and what to do.
   */
  constructor(beanType: string, message: string) {
    super(`No qualifying bean of type '${beanType}' available: ${message}`)
    this.beanType = beanType
  }
}
