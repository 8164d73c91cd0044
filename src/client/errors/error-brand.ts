/**
 * The brand every error of the client carries, under a `Symbol.for` key so that two copies of the package (ESM
 * and CommonJS, or one bundled into an app) recognise each other's errors. It holds the class names from the
 * error's own class up to its root, so that a guard of any class in the chain answers `true`.
 */
const LINEAGE = Symbol.for('@tech-vendor/api/client.error-lineage')

/** An error class whose prototype carries its stable name. */
type NamedClass = abstract new (...args: never[]) => Error

/**
 * Gives an error class its stable `name` on the prototype, a string that survives minification, and for a class
 * that stands for one of the platform's error codes, that code and what to do about it (statics `errCode` and
 * `advice`).
 *
 * @internal
 */
export function nameClass(type: NamedClass, name: string, errCode?: number, advice?: string): void {
  Object.defineProperty(type.prototype, 'name', { value: name, configurable: true, writable: true })
  if (errCode !== undefined || advice !== undefined) Object.assign(type, { errCode, advice: advice ?? '' })
}

/**
 * Brands an error with the names of its class and every error class above it.
 *
 * @internal
 */
export function brandError(error: Error, type: NamedClass): void {
  const names: string[] = []
  for (let at: unknown = type; at !== Error && typeof at === 'function'; at = Object.getPrototypeOf(at))
    names.push(((at as NamedClass).prototype as Error).name)
  Object.defineProperty(error, LINEAGE, { value: names })
}

/**
 * Whether a value is an error branded with a class name, by any copy of the package.
 *
 * @internal
 */
export function hasBrand(value: unknown, type: NamedClass): boolean {
  const lineage = (value as Record<symbol, unknown> | null | undefined)?.[LINEAGE]
  return Array.isArray(lineage) && lineage.includes((type.prototype as Error).name)
}
