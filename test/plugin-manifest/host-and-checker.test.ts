import { afterAll, describe, expect, it } from 'vitest'
import { createTestHost } from '../../src/testing/index.js'
import { vendorApi } from '../checker/fixture-plugins.js'
import { removeProjects, TEMPLATE_TSCONFIG, writeProject } from '../checker/plugin-projects.js'

afterAll(removeProjects)

/** What the reference host reads from a package.json, or the message it refuses it with. */
function hostReads(packageJson: object): unknown {
  using host = createTestHost()
  host.install()
  try {
    return host.loadPlugin({ packageJson }).manifest
  } catch (error) {
    return (error as Error).message
  }
}

/** What `vendor-api check` reads from the same package.json, or the message it refuses it with. */
function checkerReads(packageJson: object): unknown {
  const dir = writeProject({
    'package.json': packageJson,
    'tsconfig.json': TEMPLATE_TSCONFIG,
    'src/index.ts': 'export const answer = 42\n',
  })
  const run = vendorApi(['check', '--format', 'json'], dir)
  if (run.code === 2) return run.stderr
  const [plugin] = (JSON.parse(run.stdout) as { target: { plugins: Record<string, unknown>[] } }).target
    .plugins
  const { manifest: _path, ...read } = plugin ?? {}
  return read
}

describe('the reference host and vendor-api check read a manifest alike', () => {
  it("with the same defaults: the package's name and version, apiVersion 0.0.5", () => {
    const packageJson = { name: 'orders-plugin', version: '3.1.0', vendorPlugin: {} }
    expect(hostReads(packageJson)).toEqual({
      name: 'orders-plugin',
      version: '3.1.0',
      apiVersion: '0.0.5',
      dependsOnPlugins: [],
    })
    expect(checkerReads(packageJson)).toEqual({
      name: 'orders-plugin',
      version: '3.1.0',
      apiVersion: '0.0.5',
    })
  })

  it('refusing the same mistakes with the same words', () => {
    const packageJson = {
      name: 'orders-plugin',
      version: '3.1.0',
      vendorPlugin: { name: 'PlatformAdapter', apiVersion: '2.0', dependsOnPlugins: [''] },
    }
    const problems = [
      "name PlatformAdapter is the platform's built-in plugin: choose another name",
      "apiVersion must be '0.0.5' or '1.0.0'",
      'dependsOnPlugins must be an array of plugin names',
    ]
    for (const read of [hostReads(packageJson), checkerReads(packageJson)]) {
      expect(typeof read).toBe('string')
      for (const problem of problems) expect(read).toContain(problem)
    }
  })
})
