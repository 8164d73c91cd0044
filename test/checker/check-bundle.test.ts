import { build, type BuildOptions } from 'esbuild'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, sep } from 'node:path'
import { rollup, type OutputOptions, type Plugin as RollupPlugin } from 'rollup'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findLibraryCode } from '../../src/checker/rules/bundled-library.js'
import { ensureBuilt } from '../packaging/built-package.js'
import { repoRoot, vendorApi } from './fixture-plugins.js'
import { pluginPackage, removeProjects, writeProject, type JsonFinding } from './plugin-projects.js'
import { expectValidSarif } from './sarif-schema.js'
import { harmonyExports, webpackDevelopmentBuild, type WebpackModule } from './webpack-development-build.js'

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
  mkdirSync(join(dir, 'empty'))
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
    [['empty'], 'Nothing to check: empty holds no .js, .mjs or .cjs file'],
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

  it("finds every Symbol.for key of the library's sources (the REST client aside: it is meant to be bundled)", () => {
    const clientKeys = symbolKeys(join(repoRoot, 'src', 'client'))
    const keys = symbolKeys(join(repoRoot, 'src')).filter(
      (k) => k.startsWith('@tech-vendor/api') && !clientKeys.includes(k),
    )
    expect(keys.length).toBeGreaterThan(0)
    expect(clientKeys.length).toBeGreaterThan(0)
    for (const key of clientKeys) expect(findLibraryCode(`Symbol.for('${key}')`), key).toBeUndefined()
    for (const key of keys) {
      // A key built from a constant stays a template, or is folded into a string by a minifier.
      const forms = key.includes('${')
        ? [`\`${key}\``, ...['"', "'", '`'].map((q) => `${q}${key.replace(/\$\{[^}]*\}/g, '1')}${q}`)]
        : ['"', "'", '`'].map((q) => `${q}${key}${q}`)
      for (const form of forms) expect(findLibraryCode(`Symbol.for(${form})`), form).toBeDefined()
    }
  })

  it('finds no import of the package: none of its export paths', () => {
    const exports = Object.keys(
      (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { exports: object }).exports,
    )
    const specifiers = exports.map((path) => `@tech-vendor/api${path.slice(1)}`)
    expect(specifiers).toContain('@tech-vendor/api/package.json')
    for (const specifier of specifiers) {
      expect(findLibraryCode(`import x from "${specifier}"`)).toBeUndefined()
      expect(findLibraryCode(`require('${specifier}')`)).toBeUndefined()
    }
  })

  it('takes a key only as the whole value of a string, not quoted inside a longer one', () => {
    const key = '@tech-vendor/api/runtime-contract@1'
    expect(findLibraryCode(`Symbol.for("${key}")`)).toMatchObject({ index: 11 })
    expect(findLibraryCode(`'expected globalThis[Symbol.for("${key}")]'`)).toBeUndefined()
    expect(findLibraryCode(`\`expected globalThis[Symbol.for("${key}")] \${x}\``)).toBeUndefined()
    expect(findLibraryCode(`/"${key}"/.test(s)`)).toBeUndefined()
    expect(findLibraryCode(`// Symbol.for("${key}")`)).toBeUndefined()
  })
  it('takes the constants of DomainObjectRenderType only frozen, as the library writes them', () => {
    const entries = 'ONLY_LABEL_FIELD:"ONLY_LABEL_FIELD",ALL_COLUMNS:"ALL_COLUMNS"'
    expect(findLibraryCode(`var R={${entries}}`)).toBeUndefined()
    expect(findLibraryCode(`var R=Object.freeze({${entries}})`)).toMatchObject({
      evidence: "the code of the library's DomainObjectRenderType",
    })
  })
})

describe('check-bundle on builds that inline only part of the library', () => {
  let project: string
  /** Every value the two entries a plugin imports export, as the built package has them. */
  let exportsOf: Record<'@tech-vendor/api' | '@tech-vendor/api/v1', string[]>

  beforeAll(async () => {
    project = writeProject({ 'package.json': pluginPackage('partial') })
    const dist = join(ensureBuilt())
    exportsOf = {
      '@tech-vendor/api': Object.keys(await import(join(dist, 'index.js'))),
      '@tech-vendor/api/v1': Object.keys(await import(join(dist, 'v1', 'index.js'))),
    }
  })

  afterAll(removeProjects)

  /** A plugin that uses `name` alone: a subclass of a class, else the value itself. */
  function pluginUsing(entry: string, name: string): string {
    return `import { ${name} } from '${entry}'
export const used = typeof ${name} === 'function' && /^class/.test(String(${name}))
  ? class Own extends (${name} as unknown as new () => object) {}
  : ${name}
`
  }

  it.each([
    ['esm', false, 'es2022', false],
    ['esm', true, 'es2022', false],
    ['cjs', true, 'es2022', false],
    ['esm', true, 'es2020', false],
    ['esm', true, 'es2022', true],
    ['esm', true, 'es2019', true],
    ['cjs', false, 'es2019', true],
  ] as const)(
    'fails each build that inlined one export alone (esbuild %s, minify %s, target %s, keep-names %s)',
    async (format, minify, target, keepNames) => {
      const built: string[] = []
      for (const [entry, names] of Object.entries(exportsOf)) {
        for (const name of names) {
          const out = `partial-${format}-${String(minify)}-${target}-${String(keepNames)}/${entry.endsWith('v1') ? 'v1-' : ''}${name}.js`
          await build({
            stdin: { contents: pluginUsing(entry, name), resolveDir: project, loader: 'ts' },
            bundle: true,
            platform: 'node',
            format,
            minify,
            target,
            keepNames,
            outfile: join(project, out),
            logLevel: 'silent',
          })
          built.push(out)
        }
      }
      const run = vendorApi(['check-bundle', ...built, '--format', 'json'], project)
      const report = JSON.parse(run.stdout) as { findings: { file: string }[] }
      const flagged = new Set(report.findings.map((f) => f.file))
      expect(built.filter((file) => !flagged.has(file))).toEqual([])
      expect(run.code).toBe(1)
    },
  )

  it('names what it found in a build that inlined only VendorWebSocketComponent', async () => {
    await build({
      stdin: {
        contents: `import { VendorWebSocketComponent } from '@tech-vendor/api'
export class Echo extends VendorWebSocketComponent {
  readonly path = '/echo'
  onMessage(session: { sendMessage(m: string): void }, message: string): void {
    session.sendMessage(message)
  }
}
`,
        resolveDir: project,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      minify: true,
      outfile: join(project, 'dist/echo.js'),
      logLevel: 'silent',
    })
    const run = vendorApi(['check-bundle', 'dist/echo.js'], project)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain("the code of the library's VendorWebSocketComponent")
  })

  it("passes a plugin's own strings that mention the package, its entry points or its README, and its own constants of the same names", async () => {
    const mentions = `import { SimpleQuery } from '@tech-vendor/api'
export const help = [
  'See https://unpkg.com/@tech-vendor/api/README.md',
  'and @tech-vendor/api.README, @tech-vendor/api/docs/ci.md#bundled-library',
  "import { Get } from '@tech-vendor/api/v1'",
  \`@tech-vendor/api/runtime-contract is for hosts\`,
  '@tech-vendor/api.error',
  'No host is bound: expected globalThis[Symbol.for("@tech-vendor/api/runtime-contract@1")] to hold one',
]
export const count = () => SimpleQuery.count('Order')
`
    // Constants of its own that hold the same names as the library's: a list of a notification's fields, a
    // lookup of render types and severities (not frozen, or not all of them).
    const constants = `import { MessageHelper, Notification } from '@tech-vendor/api'
const NOTIFICATION_FIELDS = ['title', 'content', 'severity', 'toUserName', 'toUser', 'link']
export function describe(n: Notification): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of NOTIFICATION_FIELDS) out[key] = (n as unknown as Record<string, unknown>)[key]
  return out
}
export const RENDER = { ONLY_LABEL_FIELD: 'ONLY_LABEL_FIELD', ALL_COLUMNS: 'ALL_COLUMNS' }
export const LEVELS = Object.freeze({ INFO: 'INFO', WARNING: 'WARNING', ERROR: 'ERROR', IMPORTANT: 'IMPORTANT', INTERNAL: 'INTERNAL', ACTION_REQUIRED: 'ACTION_REQUIRED', DEBUG: 'DEBUG' })
export const send = (n: Notification) => MessageHelper.pushNotification(n)
`
    const files: string[] = []
    for (const [name, contents] of Object.entries({ mentions, constants }))
      for (const minify of [false, true]) {
        const out = `dist/${name}-${String(minify)}.js`
        await build({
          stdin: { contents, resolveDir: project, loader: 'ts' },
          bundle: true,
          platform: 'node',
          format: 'esm',
          minify,
          external: ['@tech-vendor/api', '@tech-vendor/api/*'],
          outfile: join(project, out),
          logLevel: 'silent',
        })
        files.push(out)
      }
    expect(vendorApi(['check-bundle', ...files], project)).toEqual({
      code: 0,
      stdout: 'No problems: 4 files checked.\n',
      stderr: '',
    })
  })
})

describe('check-bundle on Rollup builds', () => {
  let project: string

  /** Resolves the package from the plugin's node_modules, keeping the path there (as an install has it). */
  const installedPackage = (): RollupPlugin => ({
    name: 'installed-package',
    resolveId(source) {
      if (source !== '@tech-vendor/api' && !source.startsWith('@tech-vendor/api/')) return null
      const subpath = source.slice('@tech-vendor/api'.length)
      return join(project, 'node_modules/@tech-vendor/api/dist', subpath, 'index.js')
    },
  })

  async function rollupBuild(input: string, output: OutputOptions, external: boolean): Promise<void> {
    const bundle = await rollup({
      input: join(project, input),
      preserveSymlinks: true,
      external: external ? [/^@tech-vendor\/api/] : [],
      plugins: external ? [] : [installedPackage()],
      onwarn: () => undefined,
    })
    await bundle.write(output)
    await bundle.close()
  }

  beforeAll(() => {
    project = writeProject({
      'package.json': pluginPackage('rolled'),
      'src/plugin.js': `import { AsyncHelper, SimpleQuery } from '@tech-vendor/api'
import { VendorWebSocketComponent } from '@tech-vendor/api'
export class Echo extends VendorWebSocketComponent {
  onMessage(session, message) { session.sendMessage(message) }
}
export function onLoad() {
  AsyncHelper.task(() => SimpleQuery.count('Order'))
}
`,
      'src/socket.js': `import { VendorWebSocketComponent } from '@tech-vendor/api'
export class Echo extends VendorWebSocketComponent {
  onMessage(session, message) { session.sendMessage(message) }
}
`,
    })
  })

  afterAll(removeProjects)

  it('fails a preserveModules build that put the library under dist/node_modules/', async () => {
    await rollupBuild(
      'src/plugin.js',
      {
        dir: join(project, 'kept'),
        format: 'es',
        preserveModules: true,
        preserveModulesRoot: join(project, 'src'),
      },
      false,
    )
    const run = vendorApi(['check-bundle', 'kept', '--format', 'json'], project)
    const report = JSON.parse(run.stdout) as { findings: { file: string; message: string }[] }
    const written = readdirSync(join(project, 'kept'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.js'))
      .map((f) => `kept/${f.split(sep).join('/')}`)
    const library = written.filter((f) => f.startsWith('kept/node_modules/@tech-vendor/api/dist/'))
    expect(library.length).toBeGreaterThan(0)
    expect(written).toContain('kept/plugin.js')
    // Every module of the library is flagged, and the plugin's own module for importing them.
    expect(report.findings.map((f) => f.file).sort()).toEqual([...library, 'kept/plugin.js'].sort())
    expect(run.code).toBe(1)
  })

  it('fails a preserveModules build whose folder has a package.json, and a module that imports a copied one', async () => {
    await rollupBuild(
      'src/socket.js',
      {
        dir: join(project, 'pm2'),
        format: 'es',
        preserveModules: true,
        preserveModulesRoot: join(project, 'src'),
      },
      false,
    )
    writeFileSync(join(project, 'pm2/package.json'), '{ "type": "module" }\n')
    const socket = readFileSync(join(project, 'pm2/socket.js'), 'utf8')
    expect(socket).toMatch(/from ['"]\.\/node_modules\/@tech-vendor\/api\/dist\/[^'"]+\.js['"]/)
    const whole = vendorApi(['check-bundle', 'pm2', '--format', 'json'], project)
    const flagged = (JSON.parse(whole.stdout) as { findings: { file: string }[] }).findings.map((f) => f.file)
    expect(
      flagged.filter((f) => f.startsWith('pm2/node_modules/@tech-vendor/api/dist/')).length,
    ).toBeGreaterThan(0)
    expect(flagged).toContain('pm2/socket.js')
    const alone = vendorApi(['check-bundle', 'pm2/socket.js'], project)
    expect(alone.code).toBe(1)
    expect(alone.stdout).toContain('a module of the library copied into the build')
  })

  it('fails a Rollup bundle that inlined only VendorWebSocketComponent', async () => {
    await rollupBuild('src/socket.js', { file: join(project, 'rolled/socket.js'), format: 'es' }, false)
    const run = vendorApi(['check-bundle', 'rolled'], project)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain("the code of the library's VendorWebSocketComponent")
  })

  it("passes builds that keep the package external, and does not enter the project's own node_modules", async () => {
    await rollupBuild(
      'src/plugin.js',
      { dir: join(project, 'dist'), format: 'es', preserveModules: true },
      true,
    )
    await rollupBuild('src/plugin.js', { file: join(project, 'dist-cjs/plugin.cjs'), format: 'cjs' }, true)
    const run = vendorApi(['check-bundle', 'dist', 'dist-cjs'], project)
    expect(run).toEqual({ code: 0, stdout: 'No problems: 2 files checked.\n', stderr: '' })
    const whole = vendorApi(['check-bundle', '.', '--format', 'json'], project)
    const files = (JSON.parse(whole.stdout) as { findings: { file: string }[] }).findings.map((f) => f.file)
    expect(files.some((f) => f.startsWith('node_modules/'))).toBe(false)
  })
})

describe('check-bundle on webpack development builds', () => {
  let project: string
  /** The build files, by what they hold. */
  const files = {
    externalPlain: 'wp-dev/external-plain.js',
    externalEval: 'wp-dev/external-eval.js',
    inlinedPlain: 'wp-dev/inlined-plain.js',
    inlinedEval: 'wp-dev/inlined-eval.js',
  }

  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'vendor-api-webpack-'))
    mkdirSync(join(project, 'wp-dev'))
    // The library's module as the built package has it, as webpack includes it: its export turned into a getter.
    const dist = join(ensureBuilt())
    const chunk = readdirSync(dist).find(
      (f) =>
        f.endsWith('.js') &&
        readFileSync(join(dist, f), 'utf8').includes('var VendorWebSocketComponent = class'),
    )
    if (chunk === undefined) throw new Error('no chunk of the built package defines VendorWebSocketComponent')
    const libraryId = `./node_modules/@tech-vendor/api/dist/${chunk}`
    const library: WebpackModule = {
      id: libraryId,
      parameters: '__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__',
      code: `${harmonyExports(['VendorWebSocketComponent'])}\n${readFileSync(join(dist, chunk), 'utf8').replace(/^export \{[^}]*\};$/m, '')}`,
    }
    /** The plugin's module: a subclass of VendorWebSocketComponent, taken from `request` as webpack names it. */
    const socket = (request: string, variable: string): WebpackModule => ({
      id: './src/socket.js',
      parameters: '__unused_webpack_module, __webpack_exports__, __webpack_require__',
      code: `${harmonyExports(['Echo'])}
/* harmony import */ var ${variable} = __webpack_require__(/*! @tech-vendor/api */ ${JSON.stringify(request)});

class Echo extends ${variable}.VendorWebSocketComponent {
  onMessage(session, message) {
    session.sendMessage(message)
  }
}
`,
    })
    const external: WebpackModule = {
      id: '@tech-vendor/api',
      banner: 'external "@tech-vendor/api"',
      parameters: 'module',
      code: 'module.exports = require("@tech-vendor/api");',
    }
    const externalModules = [
      socket('@tech-vendor/api', '_tech_vendor_api__WEBPACK_IMPORTED_MODULE_0__'),
      external,
    ]
    const inlinedModules = [
      socket(libraryId, '_node_modules_tech_vendor_api_dist_chunk_js__WEBPACK_IMPORTED_MODULE_0__'),
      library,
    ]
    const write = (file: string, modules: readonly WebpackModule[], devtool: 'eval' | false): void =>
      writeFileSync(
        join(project, file),
        webpackDevelopmentBuild(modules, { devtool, entry: './src/socket.js', name: 'wp-dev' }),
      )
    write(files.externalPlain, externalModules, false)
    write(files.externalEval, externalModules, 'eval')
    write(files.inlinedPlain, inlinedModules, false)
    write(files.inlinedEval, inlinedModules, 'eval')
  })

  afterAll(() => rmSync(project, { recursive: true, force: true }))

  it('passes the builds that keep the package external and fails those that inlined it, in eval or not, in a bounded time', () => {
    // Run as a process of its own, bounded: a scan that backtracks exponentially over webpack's runtime
    // comments would otherwise hold the test worker for hours. The bound is generous; the scan takes
    // milliseconds.
    const run = spawnSync(
      process.execPath,
      [join(ensureBuilt(), 'checker', 'cli.js'), 'check-bundle', 'wp-dev', '--format', 'json'],
      { cwd: project, encoding: 'utf8', timeout: 120_000 },
    )
    expect(run.signal).toBeNull()
    const report = JSON.parse(run.stdout) as { summary: { files: number }; findings: JsonFinding[] }
    expect(report.summary.files).toBe(Object.keys(files).length)
    expect(
      report.findings.map((f) => [f.file, f.message.includes("the library's VendorWebSocketComponent")]),
    ).toEqual([
      [files.inlinedEval, true],
      [files.inlinedPlain, true],
    ])
    expect(report.findings[0]?.message).toContain('in code passed to eval')
    expect(run.status).toBe(1)
  })

  it('takes a block comment between tokens to end at its first */, never past it', () => {
    const shape = 'class{onLoad(){}offLoad(){}}'
    expect(findLibraryCode(shape.replace('{', '{/* a */'))).toBeDefined()
    // A gap that could run a comment on past its `*/` would skip " junk */" as part of one.
    expect(findLibraryCode(shape.replace('{', '{/* a */ junk */'))).toBeUndefined()
  })
})
