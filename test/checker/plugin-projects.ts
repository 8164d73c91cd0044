import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { ensureBuilt, repoRoot } from '../packaging/built-package.js'

/** A plugin project's files by path, relative to its root. */
export type ProjectFiles = Readonly<Record<string, string | object>>

/** The tsconfig of the plugin template: ESM, `nodenext`, strict. */
export const TEMPLATE_TSCONFIG = {
  compilerOptions: {
    target: 'es2022',
    lib: ['es2023', 'esnext.disposable'],
    module: 'nodenext',
    moduleResolution: 'nodenext',
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  },
  include: ['src'],
}

/** A plugin's package.json with a manifest. */
export function pluginPackage(name: string, vendorPlugin: object = {}, extra: object = {}): object {
  return { name, version: '1.0.0', private: true, type: 'module', vendorPlugin, ...extra }
}

const created: string[] = []

/**
 * Writes a plugin project into a fresh temporary directory, with the built package installed in its
 * `node_modules` as a plugin installs it (a link to this repository, whose `exports` point at `dist/`) and
 * Node's types. Objects are written as JSON.
 *
 * @returns The project's directory; {@link removeProjects} deletes it.
 */
export function writeProject(files: ProjectFiles): string {
  ensureBuilt()
  const dir = mkdtempSync(join(tmpdir(), 'vendor-api-plugin-'))
  created.push(dir)
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content, null, 2))
  }
  mkdirSync(join(dir, 'node_modules', '@tech-vendor'), { recursive: true })
  mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true })
  symlinkSync(repoRoot, join(dir, 'node_modules', '@tech-vendor', 'api'), 'dir')
  symlinkSync(
    join(repoRoot, 'node_modules', '@types', 'node'),
    join(dir, 'node_modules', '@types', 'node'),
    'dir',
  )
  return dir
}

/** Deletes every project {@link writeProject} wrote. */
export function removeProjects(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true })
}

/**
 * The findings a fixture file announces: `line rule` for each rule named in a `// finding: rule rule...`
 * comment at the end of a line. A line without one must have no finding.
 */
export function announced(dir: string, file: string): string[] {
  return readFileSync(join(dir, file), 'utf8')
    .split('\n')
    .flatMap((text, index) => {
      const rules = /\/\/ finding: ([\w\s-]+)$/.exec(text)?.[1]?.trim().split(/\s+/) ?? []
      return rules.map((rule) => `${index + 1} ${rule}`)
    })
    .sort()
}

/** A finding as `vendor-api check --format json` prints it. */
export interface JsonFinding {
  readonly file: string
  readonly line: number
  readonly column: number
  readonly rule: string
  readonly severity: string
  readonly message: string
  readonly hint: string
}

/** `line rule` of each finding in `file`, sorted as {@link announced} is. */
export function reported(findings: readonly JsonFinding[], file: string): string[] {
  return findings
    .filter((f) => f.file === file)
    .map((f) => `${f.line} ${f.rule}`)
    .sort()
}
