/**
 * How plugin code is linked to the runtime, which decides how a missing or changed member fails.
 *
 * - `dynamic`: Groovy or a JavaScript engine, resolving methods by name and arguments at call time. A missing
 *   member is a `MissingMethodException`; a member whose return type differs still works.
 * - `static`: Java or `@CompileStatic` Groovy, linking by exact JVM descriptor. A missing member, or one whose
 *   return type differs, is a `NoSuchMethodError`.
 *
 * @example
 * ```ts
 * import type { Linkage } from '@tech-vendor/api/runtime-contract'
 *
 * const linkage: Linkage = 'static'
 * ```
 */
export type Linkage = 'dynamic' | 'static'

/**
 * A line of the plugin library: the default `0.0.5` of plugin templates, or the `1.0.0` series.
 *
 * @example
 * ```ts
 * import type { LibraryLine } from '@tech-vendor/api/runtime-contract'
 *
 * const line: LibraryLine = '0.0.5'
 * ```
 */
export type LibraryLine = '0.0.5' | '1.0.0'

/**
 * What a runtime says of itself, so that plugins and tools can ask what it provides.
 *
 * @example
 * ```ts
 * import type { RuntimeDescription } from '@tech-vendor/api/runtime-contract'
 *
 * const description: RuntimeDescription = {
 *   name: 'my-host',
 *   platformVersion: '1.0.0-beta18',
 *   libraryLine: '1.0.0',
 *   linkage: 'dynamic',
 * }
 * ```
 */
export interface RuntimeDescription {
  /** A name for the host, used in messages (for example when a second host tries to bind). */
  readonly name: string
  /** The platform version the runtime behaves as, such as `1.0.0-beta18`. */
  readonly platformVersion: string
  /** The library line the runtime implements. */
  readonly libraryLine: LibraryLine
  /** How plugin code is linked to it. */
  readonly linkage: Linkage
}
