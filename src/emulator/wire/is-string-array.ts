/**
 * Whether a value is an array of non-empty strings, such as a list of role names.
 *
 * @internal
 */
export function isStringArray(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string' && v !== '')
}
