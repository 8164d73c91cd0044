import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { ENTRY_POINTS } from '../../entry-points.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const src = join(root, 'src')

/** Every `@example` code block of the TSDoc under src/, with where it stands. */
function examplesIn(dir: string): { where: string; code: string }[] {
  const found: { where: string; code: string }[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      found.push(...examplesIn(path))
      continue
    }
    if (!name.endsWith('.ts')) continue
    const lines = readFileSync(path, 'utf8').split('\n')
    for (let i = 0; i < lines.length; i++) {
      if (!/^\s*\*\s*@example\b/.test(lines[i] ?? '')) continue
      const open = lines.findIndex((l, j) => j > i && /^\s*\*\s*```ts\s*$/.test(l))
      const close = lines.findIndex((l, j) => j > open && /^\s*\*\s*```\s*$/.test(l))
      if (open < 0 || close < 0) continue
      const code = lines
        .slice(open + 1, close)
        .map((l) => l.replace(/^\s*\* ?/, ''))
        .join('\n')
      found.push({ where: `${relative(root, path)}:${i + 1}`, code })
      i = close
    }
  }
  return found
}

const examples = examplesIn(src)
// Inside the repository (under the ignored .tmp/), so that the examples resolve node_modules as a plugin does.
mkdirSync(join(root, '.tmp'), { recursive: true })
const work = mkdtempSync(join(root, '.tmp', 'tsdoc-examples-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Type-checks the examples as modules of one program each batch, importing the package from src/. */
function compile(batch: { where: string; code: string }[], name: string, profile = false): string[] {
  const dir = join(work, name)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }')
  const files = batch.map((example, index) => {
    const file = join(dir, `example-${index}.ts`)
    writeFileSync(file, `${example.code}\nexport {}\n`)
    return file
  })
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.esnext.disposable.d.ts', 'lib.esnext.decorators.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
    typeRoots: [join(root, 'node_modules/@types')],
    baseUrl: root,
    paths: {
      // The runtime profile's examples are written for plugins that turn its condition on.
      '@tech-vendor/api': [profile ? 'src/profiles/runtime-1.0.0-beta18/index.ts' : 'src/index.ts'],
      '@tech-vendor/api/v1': [profile ? 'src/profiles/runtime-1.0.0-beta18/v1.ts' : 'src/v1/index.ts'],
      ...Object.fromEntries(
        ENTRY_POINTS.filter((e) => !['@tech-vendor/api', '@tech-vendor/api/v1'].includes(e.specifier)).map(
          (e) => [e.specifier, [e.source]],
        ),
      ),
    },
  })
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file !== undefined && d.file.fileName.startsWith(dir))
    .map((d) => {
      const index = Number(/example-(\d+)\.ts$/.exec(d.file?.fileName ?? '')?.[1])
      const line = d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1
      return `${batch[index]?.where} (example line ${line}): ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`
    })
}

describe('the @example blocks of the TSDoc', () => {
  it('are many', () => {
    expect(examples.length).toBeGreaterThan(200)
  })

  it('compile against the package, each as a module', () => {
    // Examples that declare domains augment the one DomainRegistry: each gets a program of its own, so that
    // two examples' different `Order` shapes do not meet.
    const inProfile = (e: { where: string }) => e.where.startsWith('src/profiles/')
    const augmenting = examples.filter((e) => e.code.includes('declare module'))
    const plain = examples.filter((e) => !e.code.includes('declare module'))
    const errors = [
      ...compile(
        plain.filter((e) => !inProfile(e)),
        'plain',
      ),
      ...compile(plain.filter(inProfile), 'profile', true),
      ...augmenting.flatMap((example, index) => compile([example], `augmenting-${index}`)),
    ]
    expect(errors).toEqual([])
  })
})
