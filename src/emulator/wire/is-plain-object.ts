/**
 * Whether a value is an object of named values, as a JSON object parses: not `null`, not an array.
 *
 * @internal
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
