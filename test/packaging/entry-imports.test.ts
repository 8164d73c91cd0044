import { readFileSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt } from './built-package.js'

/**
 * The entries that must load no package at all: only Node builtins (the build writes `fs` for `node:fs`) and
 * their own chunks. The emulator's
 * dependencies (hono, @hono/node-server, jose) are for `./emulator` and `vendor-api serve` alone; the stores'
 * optional peer dependencies for `./testing` alone.
 */
const DEPENDENCY_FREE = ['index', 'v1/index', 'runtime-contract/index']

let dist: string

beforeAll(() => {
  dist = ensureBuilt()
})

/** A built file and every chunk of its own that it reaches. */
function reachedFiles(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles)
    if (fileName.startsWith('.')) reachedFiles(resolve(dirname(file), fileName), seen)
  return seen
}

/** Every module specifier a built file and the chunks it reaches import: static, dynamic and `require`. */
function specifiersReachedFrom(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>()
  if (seen.has(file)) return found
  seen.add(file)
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
  for (const { fileName } of info.importedFiles) {
    if (fileName.startsWith('.')) {
      for (const inner of specifiersReachedFrom(resolve(dirname(file), fileName), seen)) found.add(inner)
    } else {
      found.add(fileName)
    }
  }
  return found
}

describe.each(DEPENDENCY_FREE)('the built entry dist/%s', (entry) => {
  it.each(['js', 'cjs'])('imports no package, only Node builtins and its own chunks (.%s)', (ext) => {
    const packages = [...specifiersReachedFrom(join(dist, `${entry}.${ext}`))].filter((s) => !isBuiltin(s))
    expect(packages).toEqual([])
  })
})

describe('the built client entry', () => {
  // It runs in browsers: no package, and no Node builtin either.
  it.each(['js', 'cjs'])('imports nothing but its own chunks (.%s)', (ext) => {
    expect([...specifiersReachedFrom(join(dist, `client/index.${ext}`))]).toEqual([])
  })
})

describe('the built emulator entry', () => {
  it('is where the emulator dependencies are loaded; PGlite only for persist, when asked for', () => {
    const entry = join(dist, 'emulator/index.js')
    // By package: a subpath such as @hono/node-server/utils/response is its package's.
    const packageOf = (specifier: string): string =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/')
    const reached = new Set([...specifiersReachedFrom(entry)].filter((s) => !isBuiltin(s)).map(packageOf))
    expect([...reached].sort()).toEqual(['@electric-sql/pglite', '@hono/node-server', 'hono', 'jose'])
    // `persist` opens a PGlite store: a dynamic import inside the store's factory, so that an emulator without
    // it never loads PGlite; `pg` (a shared database) is loaded only by `vendor-api serve --store`.
    const chunks = [...reachedFiles(entry)].map((file) => readFileSync(file, 'utf8')).join('\n')
    expect(chunks).not.toMatch(/from ['"]@electric-sql\/pglite['"]|require\(['"]@electric-sql\/pglite['"]\)/)
    expect(chunks).toMatch(/import\(['"]@electric-sql\/pglite['"]\)/)
  })
})

describe('the built testing entry', () => {
  it.each(['js', 'cjs'])(
    'loads the stores’ optional peer dependencies and nothing else, only when a store is made (.%s)',
    (ext) => {
      const entry = join(dist, `testing/index.${ext}`)
      const packages = [...specifiersReachedFrom(entry)].filter((s) => !isBuiltin(s)).sort()
      expect(packages).toEqual(['@electric-sql/pglite'])
      // Only ever a dynamic import inside the store's factory: importing the entry loads none of them.
      const chunks = [...reachedFiles(entry)].map((file) => readFileSync(file, 'utf8')).join('\n')
      expect(chunks).not.toMatch(
        /from ['"]@electric-sql\/pglite['"]|require\(['"]@electric-sql\/pglite['"]\)/,
      )
      expect(chunks).toMatch(/import\(['"]@electric-sql\/pglite['"]\)/)
    },
  )

  it('starts the server store’s worker, the only file that loads pg, and only when it opens a connection', () => {
    const worker = join(dist, 'testing/postgres-worker.js')
    expect([...specifiersReachedFrom(worker)].filter((s) => !isBuiltin(s))).toEqual(['pg'])
    expect(readFileSync(worker, 'utf8')).toMatch(/import\(['"]pg['"]\)/)
    expect(readFileSync(worker, 'utf8')).not.toMatch(/from ['"]pg['"]/)
  })
})
