import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { checkPlugin } from '../../src/checker/check-plugin.js'
import type { Finding } from '../../src/checker/finding.js'
import { main } from '../../src/checker/main.js'
import type { LocatedManifest } from '../../src/checker/plugin-target.js'
import {
  createPluginProgram,
  type PluginProgram,
  type SourceFileCache,
} from '../../src/checker/plugin-program.js'
import { memberSpecs } from '../../src/runtime-contract/members.js'
import type { Linkage } from '../../src/runtime-contract/runtime-description.js'

/** The fixture plugins: small TypeScript projects with a `vendorPlugin` manifest, a tsconfig and sources. */
export const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures')

/** The repository root, where findings' paths start in these tests. */
export const repoRoot = resolve(fixturesDir, '../../..')

/** Parsed files shared by every run in this process, so that the standard library is parsed once. */
export const sourceFileCache: SourceFileCache = new Map()

/** What one `vendor-api` run printed and returned. */
export interface CliRun {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** Runs `vendor-api` in this process, from `cwd` (the repository root by default). */
export function vendorApi(args: readonly string[], cwd: string = repoRoot): CliRun {
  let stdout = ''
  let stderr = ''
  const code = main(
    args,
    { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd },
    { sourceFileCache },
  )
  return { code, stdout, stderr }
}

const programs = new Map<string, PluginProgram>()

/** The program of a fixture plugin, built once per process. */
export function fixtureProgram(name: string): PluginProgram {
  let plugin = programs.get(name)
  if (plugin === undefined) {
    plugin = createPluginProgram({
      typescript: ts,
      cwd: repoRoot,
      tsconfig: join(fixturesDir, name, 'tsconfig.json'),
      paths: [],
      cache: sourceFileCache,
    })
    programs.set(name, plugin)
  }
  return plugin
}

/**
 * Checks a fixture plugin (its program built once) against the given manifest, read as if from the fixture's
 * package.json, and linkage: `checkPlugin` as `vendor-api check` calls it, findings relative to the root.
 */
export function checkFixture(
  name: string,
  manifest: Omit<LocatedManifest, 'path'>,
  linkage: Linkage,
): Finding[] {
  const plugin = fixtureProgram(name)
  const located: LocatedManifest = { ...manifest, path: join(fixturesDir, name, 'package.json') }
  return checkPlugin({
    typescript: ts,
    program: plugin.program,
    typeProgram: plugin.typeProgram,
    files: plugin.files,
    manifestOf: () => located,
    linkage,
    members: memberSpecs,
    cwd: repoRoot,
  }).findings
}
