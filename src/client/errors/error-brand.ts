/**
 * The brand of an error class of the client: a `Symbol.for` key per class name, set on the class's prototype, so
 * that an error carries the brand of its class and of every class above it through its prototype chain, and two
 * copies of the package (ESM and CommonJS, or one bundled into an app) recognise each other's errors.
 */
const brand = (name: string): symbol => Symbol.for(`@tech-vendor/api/client.${name}`)

/** An error class whose prototype carries its stable name. */
type NamedClass = abstract new (...args: never[]) => Error

/**
 * Gives an error class its stable `name` on the prototype, a string that survives minification, and its brand;
 * for a subclass of `PlatformError`, the error code it stands for and what to do about it (statics `errCode` and
 * `advice`).
 *
 * @internal
 */
export function nameClass(
  type: NamedClass,
  name: string,
  statics?: { readonly errCode?: number; readonly advice?: string },
): void {
  Object.defineProperties(type.prototype, {
    name: { value: name, configurable: true, writable: true },
    [brand(name)]: { value: true },
  })
  Object.assign(type, statics)
}

/**
 * Whether a value is an error of a class, or of a class below it, made by any copy of the package: the body of
 * the static `is` guard of `PlatformError` and `PlatformConnectionError`, which pass their `this`.
 *
 * @internal
 */
export function hasBrand(value: unknown, type: abstract new (...args: never[]) => unknown): boolean {
  return (
    (value as Record<symbol, unknown> | null | undefined)?.[brand((type.prototype as Error).name)] === true
  )
}
