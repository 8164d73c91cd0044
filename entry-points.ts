/**
 * The package's entry points, once: the build (tsup.config.ts), the source aliases of the tests
 * (vitest.config.ts) and the tests that check package.json, tsconfig.json and typedoc.json all read this list.
 * Adding an entry is one line here, plus its `exports` block in package.json, its `paths` line in
 * tsconfig.json and its line in typedoc.json, which test/packaging/entry-points.test.ts holds to this list.
 */
export interface EntryPoint {
  /** The specifier a consumer imports, such as `@tech-vendor/api/v1`. */
  readonly specifier: string
  /** The build's name under dist/, such as `v1/index`. */
  readonly build: string
  /** The source file, such as `src/v1/index.ts`. */
  readonly source: string
  /**
   * ESM only: the conformance suite and the vitest helper register tests in the caller's vitest, and vitest
   * refuses to be loaded with `require()`, so a CommonJS build of them could never load.
   */
  readonly esmOnly: boolean
}

const entry = (subpath: string, esmOnly = false): EntryPoint => {
  const folder = subpath === '' ? '' : `${subpath}/`
  return Object.freeze({
    specifier: subpath === '' ? '@tech-vendor/api' : `@tech-vendor/api/${subpath}`,
    build: `${folder}index`,
    source: `src/${folder}index.ts`,
    esmOnly,
  })
}

export const ENTRY_POINTS: readonly EntryPoint[] = Object.freeze([
  entry(''),
  entry('v1'),
  entry('runtime-contract'),
  entry('testing'),
  entry('emulator'),
  entry('client'),
  entry('conformance', true),
  entry('testing/vitest', true),
])
