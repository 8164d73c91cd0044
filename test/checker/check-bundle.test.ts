import { build, type BuildOptions } from 'esbuild'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIBRARY_KEY } from '../../src/checker/rules/bundled-library.js'
import { repoRoot, vendorApi } from './fixture-plugins.js'
import { expectValidSarif } from './sarif-schema.js'

/** A plugin that uses the 0.0.5 facades, and one that uses only a 1.0.0-series base class. */
const PLUGIN = `import { AsyncHelper, SimpleQuery, MessageSeverity } from '@tech-vendor/api'
export function onLoad() {
  AsyncHelper.task(() => console.log(SimpleQuery.count('Order'), MessageSeverity.INFO))
}
`
const CONTROLLER_PLUGIN = `import { VendorDynamicController } from '@tech-vendor/api/v1'
export class Ping extends VendorDynamicController {}
`

let dir: string

/** Builds `source` with esbuild as a plugin author would, the library bundled in or kept external. */
async function pluginBuild(
  name: string,
  source: string,
  options: BuildOptions & { bundleLibrary: boolean },
): Promise<string> {
  const entry = join(dir, `${name}.src.ts`)
  writeFileSync(entry, source)
  const { bundleLibrary, ...rest } = options
  const outfile = join(dir, 'dist', `${name}.${rest.format === 'cjs' ? 'cjs' : 'js'}`)
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    outfile,
    logLevel: 'silent',
    ...(bundleLibrary
      ? {
          alias: {
            '@tech-vendor/api/v1': join(repoRoot, 'src/v1/index.ts'),
            '@tech-vendor/api': join(repoRoot, 'src/index.ts'),
          },
        }
      : { external: ['@tech-vendor/api', '@tech-vendor/api/*'] }),
    ...rest,
  })
  return `dist/${name}.${rest.format === 'cjs' ? 'cjs' : 'js'}`
}

let bundled: Record<'esmMinified' | 'cjsMinified' | 'controller', string>
let imported: Record<'esm' | 'cjsMinified', string>

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vendor-api-bundles-'))
  mkdirSync(join(dir, 'dist'))
  bundled = {
    esmMinified: await pluginBuild('bundled-esm', PLUGIN, {
      bundleLibrary: true,
      format: 'esm',
      minify: true,
    }),
    cjsMinified: await pluginBuild('bundled-cjs', PLUGIN, {
      bundleLibrary: true,
      format: 'cjs',
      minify: true,
    }),
    controller: await pluginBuild('bundled-controller', CONTROLLER_PLUGIN, {
      bundleLibrary: true,
      format: 'esm',
      minify: true,
    }),
  }
  imported = {
    esm: await pluginBuild('imported-esm', PLUGIN, { bundleLibrary: false, format: 'esm' }),
    cjsMinified: await pluginBuild('imported-cjs', PLUGIN + CONTROLLER_PLUGIN, {
      bundleLibrary: false,
      format: 'cjs',
      minify: true,
    }),
  }
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('vendor-api check-bundle', () => {
  it.each(['esmMinified', 'cjsMinified', 'controller'] as const)(
    'fails a minified build that bundled the library (%s), naming the file',
    (kind) => {
      const run = vendorApi(['check-bundle', bundled[kind]], dir)
      expect(run.code).toBe(1)
      expect(run.stdout).toMatch(
        new RegExp(
          `^${bundled[kind].replace('.', '\\.')}:1:\\d+  error  bundled-library  ${bundled[kind].replace('.', '\\.')} contains the code of @tech-vendor/api`,
        ),
      )
      expect(run.stdout).toContain("fix: Mark '@tech-vendor/api' (and its subpaths) as external")
    },
  )

  it('passes builds that import or require the package', () => {
    expect(readFileSync(join(dir, imported.esm), 'utf8')).toContain('from "@tech-vendor/api"')
    expect(readFileSync(join(dir, imported.cjsMinified), 'utf8')).toContain('require("@tech-vendor/api/v1")')
    const run = vendorApi(['check-bundle', imported.esm, imported.cjsMinified], dir)
    expect(run).toEqual({ code: 0, stdout: 'No problems: 2 files checked.\n', stderr: '' })
  })

  it('searches a directory for .js, .mjs and .cjs files, and reports each bundled one', () => {
    const run = vendorApi(['check-bundle', 'dist', '--format', 'json'], dir)
    expect(run.code).toBe(1)
    const report = JSON.parse(run.stdout) as {
      summary: { files: number }
      findings: { file: string; rule: string }[]
    }
    expect(report.summary.files).toBe(readdirSync(join(dir, 'dist')).length)
    expect(report.findings.map((f) => f.file).sort()).toEqual(Object.values(bundled).sort())
    expect(new Set(report.findings.map((f) => f.rule))).toEqual(new Set(['bundled-library']))
  })

  it('writes SARIF too', () => {
    const run = vendorApi(['check-bundle', bundled.cjsMinified, '--format', 'sarif'], dir)
    expect(run.code).toBe(1)
    expect(expectValidSarif(JSON.parse(run.stdout))).toBe(1)
  })

  it.each([
    [[], 'check-bundle needs the plugin build files'],
    [['dist/missing.js'], 'dist/missing.js does not exist or cannot be read'],
  ])('exits 2 on a usage error: %j', (files, message) => {
    const run = vendorApi(['check-bundle', ...files], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(message)
  })
})

describe('the marker of library code', () => {
  /** Every `Symbol.for` key the package's sources register. */
  function symbolKeys(path: string, into: string[] = []): string[] {
    for (const entry of readdirSync(path)) {
      const child = join(path, entry)
      if (statSync(child).isDirectory()) symbolKeys(child, into)
      else if (child.endsWith('.ts')) {
        for (const m of readFileSync(child, 'utf8').matchAll(/Symbol\.for\(\s*[`'"]([^`'"]*)/g))
          into.push(m[1] ?? '')
      }
    }
    return into
  }

  it("matches every Symbol.for key of the library's sources", () => {
    const keys = symbolKeys(join(repoRoot, 'src')).filter((k) => k.startsWith('@tech-vendor/api'))
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) {
      for (const quote of ['"', "'", '`'])
        expect(`Symbol.for(${quote}${key}${quote})`, key).toMatch(LIBRARY_KEY)
    }
  })

  it('matches no import of the package: none of its export paths', () => {
    const exports = Object.keys(
      (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { exports: object }).exports,
    )
    const specifiers = exports.map((path) => `@tech-vendor/api${path.slice(1)}`)
    expect(specifiers).toContain('@tech-vendor/api/package.json')
    for (const specifier of specifiers) {
      expect(`import x from "${specifier}"`).not.toMatch(LIBRARY_KEY)
      expect(`require('${specifier}')`).not.toMatch(LIBRARY_KEY)
    }
  })
})
