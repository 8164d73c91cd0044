import { readFileSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt } from './built-package.js'

/**
 * The entries that must load no package at all: only Node builtins (the build writes `fs` for `node:fs`) and
 * their own chunks. The emulator's
 * dependencies (hono, @hono/node-server, jose) are for `./emulator` and `vendor-api serve` alone.
 */
const DEPENDENCY_FREE = ['index', 'v1/index', 'runtime-contract/index', 'testing/index']

let dist: string

beforeAll(() => {
  dist = ensureBuilt()
})

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
  it('is where the emulator dependencies are loaded', () => {
    const reached = specifiersReachedFrom(join(dist, 'emulator/index.js'))
    expect([...reached].filter((s) => !isBuiltin(s)).sort()).toEqual(['@hono/node-server', 'hono', 'jose'])
  })
})
