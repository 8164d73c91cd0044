import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENTRY_POINTS } from '../../entry-points.js'
import { consumerFiles } from './consumer-project.js'
import { ensureBuilt, repoRoot, run } from './built-package.js'

interface PackResult {
  readonly filename: string
  readonly files: readonly { readonly path: string }[]
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc')
const entries = ENTRY_POINTS.map((e) => e.build)
const esmOnly = ENTRY_POINTS.filter((e) => e.esmOnly).map((e) => e.build)

let work: string
let consumer: string
let packed: PackResult

/** Every file path an exports map points to, under any condition. */
function targetsOf(exports: unknown): string[] {
  if (typeof exports === 'string') return [exports]
  if (typeof exports !== 'object' || exports === null) return []
  return Object.values(exports).flatMap(targetsOf)
}

/** Runs a consumer program with node and parses the JSON it prints. */
function runConsumer(file: string): Record<string, unknown> {
  return JSON.parse(run(process.execPath, [file], consumer)) as Record<string, unknown>
}

beforeAll(() => {
  ensureBuilt()
  work = mkdtempSync(join(tmpdir(), 'tech-vendor-api-packaging-'))
  const output = run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', work], repoRoot)
  packed = (JSON.parse(output) as PackResult[])[0]!
  consumer = join(work, 'consumer')
  mkdirSync(consumer)
  for (const [path, text] of Object.entries(consumerFiles)) writeFileSync(join(consumer, path), text)
  run(
    npm,
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      join(work, packed.filename),
    ],
    consumer,
  )
})

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true })
})

describe('the packed tarball', () => {
  it('holds the build for every entry in both formats, with one declaration file per format', () => {
    const files = new Set(packed.files.map((f) => f.path))
    for (const entry of entries) {
      const exts = esmOnly.includes(entry) ? ['.js', '.d.ts'] : ['.js', '.cjs', '.d.ts', '.d.cts']
      for (const ext of exts) expect(files, `dist/${entry}${ext}`).toContain(`dist/${entry}${ext}`)
    }
    expect(files).toContain('package.json')
    expect(files).toContain('README.md')
  })

  it('holds every file that package.json points to (exports, every condition, and bin)', () => {
    const files = new Set(packed.files.map((f) => f.path))
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      exports: object
      bin?: Record<string, string>
      main: string
      module: string
      types: string
    }
    const targets = [
      ...targetsOf(manifest.exports),
      ...Object.values(manifest.bin ?? {}),
      manifest.main,
      manifest.module,
      manifest.types,
    ]
    expect(targets.length).toBeGreaterThan(entries.length * 3)
    for (const target of targets) expect(files, target).toContain(target.replace(/^\.\//, ''))
  })

  it('holds nothing but the build, the docs and the readme', () => {
    const stray = packed.files
      .map((f) => f.path)
      .filter((path) => !/^(?:dist\/|docs\/|README\.md$|package\.json$|LICENSE)/.test(path))
    expect(stray).toEqual([])
    expect(packed.files.filter((f) => f.path.startsWith('docs/api/'))).toEqual([])
  })

  it("installs with the emulator's dependencies only, each pinned", () => {
    const installed = JSON.parse(
      readFileSync(join(consumer, 'node_modules', '@tech-vendor', 'api', 'package.json'), 'utf8'),
    ) as {
      dependencies?: Record<string, string>
    }
    expect(Object.keys(installed.dependencies ?? {}).sort()).toEqual(['@hono/node-server', 'hono', 'jose'])
    for (const version of Object.values(installed.dependencies ?? {}))
      expect(version).toMatch(/^\d+\.\d+\.\d+$/)
  })

  it('imports ./testing without the stores’ optional peer dependencies, whose factories say what to install', async () => {
    const script = (kind: 'esm' | 'cjs'): string =>
      (kind === 'esm'
        ? "import('@tech-vendor/api/testing').then(async (t) => {"
        : "Promise.resolve(require('@tech-vendor/api/testing')).then(async (t) => {") +
      " const host = t.createTestHost({ domains: { Tag: { fields: { name: 'STRING' } } } }); const out = { host: typeof host.install };" +
      ' out.pglite = await t.pgliteStore().then(() => "made", (e) => e.name + ": " + e.message);' +
      " try { t.postgresStore({ url: 'postgres://u:p@127.0.0.1:1/db' }); out.pg = 'made' } catch (e) { out.pg = e.name + ': ' + e.message }" +
      ' console.log(JSON.stringify(out)) })'
    for (const kind of ['esm', 'cjs'] as const) {
      const out = JSON.parse(run(process.execPath, ['-e', script(kind)], consumer)) as Record<string, string>
      expect(out['host'], kind).toBe('function')
      expect(out['pglite'], kind).toMatch(
        /^IllegalStateException: pgliteStore needs @electric-sql\/pglite.*npm install --save-dev @electric-sql\/pglite@~0\.5\.16$/,
      )
      expect(out['pg'], kind).toMatch(
        /^IllegalStateException: postgresStore needs pg.*npm install --save-dev pg$/,
      )
    }
  })

  it('loads the emulator entry from ESM and from CommonJS', () => {
    const script = (kind: 'esm' | 'cjs'): string =>
      kind === 'esm'
        ? "import('@tech-vendor/api/emulator').then((m) => console.log(JSON.stringify(Object.keys(m))))"
        : "console.log(JSON.stringify(Object.keys(require('@tech-vendor/api/emulator'))))"
    for (const kind of ['esm', 'cjs'] as const) {
      const output = run(process.execPath, ['-e', script(kind)], consumer)
      expect(JSON.parse(output), kind).toEqual(['createEmulator'])
    }
  })

  it('loads the client entry from ESM and from CommonJS', () => {
    const script = (kind: 'esm' | 'cjs'): string =>
      kind === 'esm'
        ? "import('@tech-vendor/api/client').then((m) => console.log(typeof m.createClient, m.NotFoundError.name))"
        : "const m = require('@tech-vendor/api/client'); console.log(typeof m.createClient, m.NotFoundError.name)"
    for (const kind of ['esm', 'cjs'] as const)
      expect(run(process.execPath, ['-e', script(kind)], consumer).trim(), kind).toBe(
        'function NotFoundError',
      )
  })
})

describe('a fresh consumer project', () => {
  const expectedRun = {
    unbound: {
      name: 'IllegalStateException',
      guard: true,
      message: 'SimpleQuery.count(String) is not available',
    },
    bound: true,
    count: 42,
    countV1: 42,
    task: { name: 'consumer-thread' },
    calls: [
      ['count', 'Order'],
      ['count', 'Order'],
      ['task', 'function'],
    ],
    unboundAgain: true,
    sameErrorClass: true,
  }

  it('imports the package from ESM (.mjs) and gets the ESM build', () => {
    const out = runConsumer('esm.mjs')
    expect(out).toMatchObject(expectedRun)
    expect(out['resolved']).toBe('node_modules/@tech-vendor/api/dist/index.js')
    expect(out['version']).toBe(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version)
  })

  it('requires the package from CommonJS (.cjs) and gets the CommonJS build', () => {
    const out = runConsumer('cjs.cjs')
    expect(out).toMatchObject(expectedRun)
    expect(out['resolved']).toBe('node_modules/@tech-vendor/api/dist/index.cjs')
  })

  it('an ESM copy and a CommonJS copy of the package share one binding', () => {
    const out = runConsumer('shared.mjs')
    expect(out['distinctCopies']).toBe(true)
    expect(out['seenByEsm']).toBe(true)
    expect(out['esmCount']).toBe(42)
    expect(out['esmTask']).toEqual({ name: 'consumer-thread' })
    expect(out['secondBind']).toMatchObject({ cjsGuard: true, cjsInstanceof: true })
    expect((out['secondBind'] as { message: string }).message).toMatch(/'esm-host'.*'consumer-host'/s)
    expect(out['unboundForCjs']).toBe(true)
    expect(out['cjsUnbound']).toEqual({ esmGuard: true, esmInstanceof: true })
    expect(out['calls']).toEqual([
      ['count', 'Order'],
      ['task', 'function'],
    ])
  })

  it('type-checks ESM and CommonJS consumers with module nodenext: types resolve, one DomainRegistry types root and v1', () => {
    const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], {
      cwd: consumer,
      encoding: 'utf8',
    })
    expect(result.stdout + result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('a frontend that imports only the client compiles on the first try with the declaration vendor-api types wrote, under nodenext and bundler resolution', () => {
    const cli = join(consumer, 'node_modules', '@tech-vendor', 'api', 'dist', 'checker', 'cli.js')
    const written = spawnSync(
      process.execPath,
      [cli, 'types', '--config', 'vendor.config.json', '--out', 'domains.mts'],
      {
        cwd: consumer,
        encoding: 'utf8',
      },
    )
    expect(written.stderr).toBe('vendor-api types: wrote the DomainRegistry of domains.mts\n')
    expect(written.status).toBe(0)
    const declaration = readFileSync(join(consumer, 'domains.mts'), 'utf8')
    expect(declaration).toContain("declare module '@tech-vendor/api/client'")
    expect(declaration).toContain('"Order line": {')
    for (const project of ['tsconfig.client.json', 'tsconfig.client-bundler.json']) {
      const result = spawnSync(process.execPath, [tsc, '-p', project], { cwd: consumer, encoding: 'utf8' })
      expect(result.stdout + result.stderr, project).toBe('')
      expect(result.status, project).toBe(0)
    }
    const mistake = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.client-mistake.json'], {
      cwd: consumer,
      encoding: 'utf8',
    })
    expect(mistake.status).toBe(2)
    const errors = mistake.stdout.trim().split('\n')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      /^client-mistake\.mts\(4,7\): error TS2322: Type 'string' is not assignable to type 'number'/,
    )
  })

  it('serves the console page from the ESM and the CommonJS build', () => {
    const script = (kind: 'esm' | 'cjs'): string =>
      (kind === 'esm'
        ? "import('@tech-vendor/api/emulator').then(async (m) => {"
        : "Promise.resolve(require('@tech-vendor/api/emulator')).then(async (m) => {") +
      " const emulator = m.createEmulator(); const page = await emulator.fetch('/');" +
      ' const html = await page.text(); await emulator.close();' +
      " console.log(JSON.stringify({ status: page.status, type: page.headers.get('content-type'), title: /<title>([^<]*)/.exec(html)?.[1] })) })"
    for (const kind of ['esm', 'cjs'] as const) {
      expect(JSON.parse(run(process.execPath, ['-e', script(kind)], consumer)), kind).toEqual({
        status: 200,
        type: 'text/html; charset=utf-8',
        title: 'Platform emulator console',
      })
    }
  })

  it('the consumer tsc run catches an intended mistake, so the types are live', () => {
    const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.mistake.json'], {
      cwd: consumer,
      encoding: 'utf8',
    })
    expect(result.status).toBe(2)
    const errors = result.stdout.trim().split('\n')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^mistake\.mts\(10,\d+\): error TS2345: Argument of type '"colour"'/)
  })
})
