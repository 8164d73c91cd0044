import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, repoRoot } from '../packaging/built-package.js'

let bin: string

/** Runs the built `vendor-api` bin as CI runs it: a process of its own, from the repository root. */
function vendorApi(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: repoRoot, encoding: 'utf8' })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

beforeAll(() => {
  bin = join(ensureBuilt(), 'checker', 'cli.js')
})

describe('the built vendor-api bin', () => {
  it('is the package.json bin, an ES module with a node shebang that leaves typescript to the plugin', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      bin: Record<string, string>
    }
    expect(pkg.bin).toEqual({ 'vendor-api': './dist/checker/cli.js' })
    const code = readFileSync(bin, 'utf8')
    expect(code.startsWith('#!/usr/bin/env node\n')).toBe(true)
    expect(code).not.toContain('function createProgram(')
  })

  it('exits 0 with --help, 1 on findings, 2 on a usage error', () => {
    expect(vendorApi('--help')).toMatchObject({ status: 0, stderr: '' })
    const check = vendorApi('check', 'test/checker/fixtures/platform-mismatches', '--format', 'json')
    expect(check.status).toBe(1)
    expect((JSON.parse(check.stdout) as { summary: object }).summary).toEqual({
      files: 7,
      errors: 9,
      warnings: 5,
    })
    expect(vendorApi('check', 'test/checker/fixtures/clean-plugin').status).toBe(0)
    const usage = vendorApi('check-bundle')
    expect(usage.status).toBe(2)
    expect(usage.stderr).toContain('check-bundle needs the plugin build files')
  })
})
