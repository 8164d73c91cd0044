import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, it } from 'vitest'

const emulatorRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/emulator')

/** Every TypeScript file under a folder, as absolute paths. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

/**
 * The relative modules a source text imports, as TypeScript's scanner reads them: `import ... from`, `export ...
 * from`, a side-effect `import '...'`, `import(...)`, in either quote, type-only imports included (a cycle of
 * types is still a knot to read).
 */
function relativeImports(text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((name) => name.startsWith('./') || name.startsWith('../'))
}

/** The emulator files a file imports. */
function importsOf(file: string): string[] {
  return relativeImports(readFileSync(file, 'utf8'))
    .map((name) => resolve(dirname(file), name.replace(/\.js$/, '.ts')))
    .filter((target) => target.startsWith(emulatorRoot))
}

/** The first import cycle found, as the files on it, or `undefined`. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const done = new Set<string>()
  const path: string[] = []
  const visit = (file: string): string[] | undefined => {
    const at = path.indexOf(file)
    if (at >= 0) return [...path.slice(at), file]
    if (done.has(file)) return undefined
    path.push(file)
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next)
      if (cycle !== undefined) return cycle
    }
    path.pop()
    done.add(file)
    return undefined
  }
  for (const file of graph.keys()) {
    const cycle = visit(file)
    if (cycle !== undefined) return cycle
  }
  return undefined
}

it('the emulator has no import cycle, type-only imports included', () => {
  const files = sourceFiles(emulatorRoot)
  const graph = new Map(files.map((file) => [file, importsOf(file)]))
  const cycle = findCycle(graph)
  expect(cycle?.map((file) => relative(emulatorRoot, file)).join(' → ')).toBeUndefined()
})

it('finds a cycle when there is one, so the check above can fail', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
  ])
  expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a'])
})

it('reads every form of import, so that no edge of a cycle is missed', () => {
  const text = [
    "import { a } from './a.js'",
    'import type { B } from "../b.js"',
    "import './c.js'",
    "export * from './d.js'",
    "export { e } from './e.js'",
    "const f = await import('./f.js')",
    "import { g } from 'hono'",
  ].join('\n')
  expect(relativeImports(text)).toEqual(['./a.js', '../b.js', './c.js', './d.js', './e.js', './f.js'])
})

it('keeps the emulator in part folders, with only the entry, the emulator and what every part shares at the top', () => {
  const top = readdirSync(emulatorRoot, { withFileTypes: true })
  expect(
    top
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort(),
  ).toEqual(['create-app.ts', 'create-emulator.ts', 'emulator-parts.ts', 'emulator.ts', 'index.ts'])
})
