import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ENTRY_POINTS } from '../../entry-points.js'

const read = (file: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'))
const sorted = (values: Iterable<string>): string[] => [...values].sort()

/** The files that name each entry point again, held to entry-points.ts, so that an entry is never half-added. */
describe('every file that names the entry points names exactly those of entry-points.ts', () => {
  it('package.json exports each one (the ESM-only ones for import only), and its own package.json', () => {
    const { exports } = read('package.json') as { exports: Record<string, Record<string, unknown>> }
    const subpath = (specifier: string): string => `.${specifier.slice('@tech-vendor/api'.length)}`
    expect(sorted(Object.keys(exports))).toEqual(
      sorted([...ENTRY_POINTS.map((e) => subpath(e.specifier)), './package.json']),
    )
    for (const entry of ENTRY_POINTS) {
      const conditions = Object.keys(exports[subpath(entry.specifier)] ?? {})
      expect(conditions, entry.specifier).toEqual(entry.esmOnly ? ['import'] : ['import', 'require'])
    }
  })

  it('tsconfig.json maps each specifier to its source', () => {
    const { compilerOptions } = read('tsconfig.json') as {
      compilerOptions: { paths: Record<string, string[]> }
    }
    expect(compilerOptions.paths).toEqual(
      Object.fromEntries(ENTRY_POINTS.map((e) => [e.specifier, [`./${e.source}`]])),
    )
  })

  it('typedoc.json documents each source', () => {
    const { entryPoints } = read('typedoc.json') as { entryPoints: string[] }
    expect(sorted(entryPoints)).toEqual(sorted(ENTRY_POINTS.map((e) => e.source)))
  })

  it('attw checks the ESM-only entries with the esm-only profile and the others with node16', () => {
    const { scripts } = read('package.json') as { scripts: Record<string, string> }
    const esmOnly = ENTRY_POINTS.filter((e) => e.esmOnly).map((e) => `.${e.specifier.slice(16)}`)
    expect(scripts['check:package']).toContain(`--profile node16 --exclude-entrypoints ${esmOnly.join(' ')}`)
    expect(scripts['check:package']).toContain(`--profile esm-only --entrypoints ${esmOnly.join(' ')}`)
  })
})
