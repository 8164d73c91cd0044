/**
 * The problems an options object's unknown keys make, one per key, each naming the options there are: the one
 * wording for the host, the stores and the emulator.
 *
 * @param options - The options object as given.
 * @param names - The option names there are.
 * @returns `unknown option "x"; the options are a, b` for each key not in `names`.
 * @internal
 */
export function unknownOptions(options: object, names: ReadonlySet<string>): string[] {
  return Object.keys(options)
    .filter((key) => !names.has(key))
    .map((key) => `unknown option ${JSON.stringify(key)}; the options are ${[...names].join(', ')}`)
}
