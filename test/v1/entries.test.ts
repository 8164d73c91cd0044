import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as root from '../../src/index.js'
import * as v1 from '../../src/v1/index.js'

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src')

/** Every source file an entry reaches through relative imports and re-exports, type-only ones included. */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string): void => {
    if (seen.has(file)) return
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)\.js'/g)) {
      visit(resolve(dirname(file), `${specifier}.ts`))
    }
  }
  visit(resolve(SRC, entry))
  return seen
}

const V1_ONLY = [
  'VendorDynamicController',
  'Get',
  'Post',
  'Put',
  'Delete',
  'VendorRpcService',
  'RpcClient',
  'DynamicRpcClientService',
]

describe('the v1 entry and the root entry', () => {
  it('the root imports nothing from src/v1', () => {
    const files = [...reachable('index.ts')].map((file) => file.slice(SRC.length + 1))
    expect(files).toContain('api/async-helper.ts')
    expect(files.filter((file) => file.startsWith('v1/'))).toEqual([])
  })

  it('v1 holds the 1.0.0-series names and the root none of them', () => {
    for (const name of V1_ONLY) {
      expect(v1).toHaveProperty(name)
      expect(root).not.toHaveProperty(name)
    }
  })

  it('v1 re-exports every root value, with its own AsyncHelper', () => {
    for (const [name, value] of Object.entries(root)) {
      if (name === 'AsyncHelper') expect(v1.AsyncHelper).not.toBe(value)
      else expect((v1 as Record<string, unknown>)[name]).toBe(value)
    }
  })
})
