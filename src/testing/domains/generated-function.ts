/**
 * Whether this realm compiles code from strings: `new Function` throws where a Content Security Policy
 * forbids it or Node runs with `--disallow-code-generation-from-strings`. Asked once; a realm does not
 * change its mind.
 */
let allowed: boolean | undefined

/**
 * A function compiled from source, where the realm allows it: what the engine uses to give each query shape
 * and each domain's copies code of their own, which V8 then optimises for that shape alone. Names and
 * values never enter the source as code: field names go in as JSON string literals, values as arguments.
 *
 * @typeParam F - The function's type.
 * @param parameters - The parameter names.
 * @param body - The function body.
 * @returns The function, or `undefined` when code generation is not allowed (the caller then takes its
 *   closure path, which gives the same answers).
 * @throws Whatever else `new Function` throws: a `SyntaxError` (a bug in the generator), a `RangeError` (no
 *   stack left to compile in).
 * @internal
 */
export function generatedFunction<F>(parameters: readonly string[], body: string): F | undefined {
  if (allowed === false) return undefined
  try {
    // The one place the package compiles code: callers build `body` from literals and parameter names only.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const fn = new Function(...parameters, body) as F
    allowed = true
    return fn
  } catch (error) {
    // Only a refusal (an EvalError, under a Content Security Policy or Node's flag) means "not allowed", for
    // good. Anything else, such as a stack overflow when the caller is deep in recursion or a syntax error
    // (a bug in the generator), is thrown: taken for a refusal, it would turn compiled code off for the
    // process.
    if (!(error instanceof EvalError)) throw error
    allowed = false
    return undefined
  }
}

/** A property key or name as a JavaScript string literal, for generated source. @internal */
export function literal(name: string): string {
  return JSON.stringify(name)
}
