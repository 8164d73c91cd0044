import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vendorApi } from './fixture-plugins.js'
import {
  announced,
  pluginPackage,
  removeProjects,
  reported,
  TEMPLATE_TSCONFIG,
  writeProject,
  type JsonFinding,
} from './plugin-projects.js'

/** One file of each plugin: a 1.0.0-series decorator and a BeanContainer lookup. */
const USES = `import { BeanContainer } from '@tech-vendor/api'
import { Get } from '@tech-vendor/api/v1'

export const route = Get
export const rates = BeanContainer.getBean(Map)
`

/** The same file, annotated with what a plugin on 0.0.5 without PlatformAdapter gets. */
const USES_ON_005 = `import { BeanContainer } from '@tech-vendor/api'
import { Get } from '@tech-vendor/api/v1' // finding: api-version

export const route = Get
export const rates = BeanContainer.getBean(Map) // finding: platform-adapter-dependency
`

let dir: string

beforeAll(() => {
  dir = writeProject({
    'package.json': { name: 'workspace', private: true, workspaces: ['packages/*'] },
    // One project over both packages: each file still takes its own package's manifest.
    'tsconfig.json': { ...TEMPLATE_TSCONFIG, include: ['packages/*/src'] },
    'packages/legacy/package.json': pluginPackage('legacy', { apiVersion: '0.0.5' }),
    'packages/legacy/tsconfig.json': TEMPLATE_TSCONFIG,
    'packages/legacy/src/uses.ts': USES_ON_005,
    // A nested package.json without a manifest (module type only) is passed over.
    'packages/legacy/src/jobs/package.json': { type: 'module' },
    'packages/legacy/src/jobs/nightly.ts': `import { AsyncHelper } from '@tech-vendor/api'
import { shared } from '../../../../shared/util.js'

export const nightly = (): unknown => shared(AsyncHelper.newForkJoinPool(2)) // finding: absent-at-runtime
`,
    'packages/modern/package.json': pluginPackage('modern', {
      apiVersion: '1.0.0',
      dependsOnPlugins: ['PlatformAdapter'],
    }),
    'packages/modern/tsconfig.json': TEMPLATE_TSCONFIG,
    'packages/modern/src/uses.ts': USES,
    'packages/modern/src/shared-user.ts': `import { shared } from '../../../shared/util.js'\nexport const use = shared\n`,
    // Outside every plugin package, imported by both: checked against each importer's manifest.
    'shared/util.ts': `import { RpcClient } from '@tech-vendor/api/v1' // finding: api-version

export function shared(value: unknown): unknown {
  return [RpcClient, value]
}
`,
  })
})

afterAll(removeProjects)

function check(...args: string[]): { code: number; stdout: string; findings: JsonFinding[] } {
  const run = vendorApi(['check', ...args, '--format', 'json'], dir)
  expect(run.stderr).toBe('')
  return {
    code: run.code,
    stdout: run.stdout,
    findings: (JSON.parse(run.stdout) as { findings: JsonFinding[] }).findings,
  }
}

describe('vendor-api check in a monorepo of plugins', () => {
  it('checks each file against the manifest of its own package, whatever the order of the paths', () => {
    const forward = check('packages/legacy', 'packages/modern')
    const backward = check('packages/modern', 'packages/legacy')
    expect(backward.stdout).toBe(forward.stdout)
    expect(reported(forward.findings, 'packages/legacy/src/uses.ts')).toEqual(
      announced(dir, 'packages/legacy/src/uses.ts'),
    )
    expect(reported(forward.findings, 'packages/modern/src/uses.ts')).toEqual([])
    expect(forward.code).toBe(1)
  })

  it('gives the text report the same for both orders, naming both plugins', () => {
    const forward = vendorApi(['check', 'packages/legacy', 'packages/modern'], dir)
    const backward = vendorApi(['check', 'packages/modern', 'packages/legacy'], dir)
    expect(backward).toEqual(forward)
    expect(forward.stdout).toContain('plugins legacy (library 0.0.5), modern (library 1.0.0)')
  })

  it('lists every plugin checked in the JSON target, in path order', () => {
    const report = JSON.parse(check('packages/modern', 'packages/legacy').stdout) as {
      target: { plugins: { name: string; apiVersion: string; manifest: string }[] }
    }
    expect(report.target.plugins).toEqual([
      { name: 'legacy', version: '1.0.0', apiVersion: '0.0.5', manifest: 'packages/legacy/package.json' },
      { name: 'modern', version: '1.0.0', apiVersion: '1.0.0', manifest: 'packages/modern/package.json' },
    ])
  })

  it('takes each file’s own manifest under one tsconfig over both packages too', () => {
    const { findings } = check()
    expect(reported(findings, 'packages/legacy/src/uses.ts')).toEqual(
      announced(dir, 'packages/legacy/src/uses.ts'),
    )
    expect(reported(findings, 'packages/modern/src/uses.ts')).toEqual([])
  })

  it('passes over a package.json without a vendorPlugin field', () => {
    const { findings } = check('packages/legacy')
    expect(reported(findings, 'packages/legacy/src/jobs/nightly.ts')).toEqual(
      announced(dir, 'packages/legacy/src/jobs/nightly.ts'),
    )
  })

  it('checks a shared file outside every package against the manifest of each plugin that imports it', () => {
    const { findings } = check('packages/modern', 'packages/legacy', 'shared')
    expect(reported(findings, 'shared/util.ts')).toEqual(announced(dir, 'shared/util.ts'))
    const finding = findings.find((f) => f.file === 'shared/util.ts')
    expect(finding?.message).toContain('vendorPlugin.apiVersion in packages/legacy/package.json')
  })

  it('refuses, with exit code 2, a file that no plugin covers', () => {
    const alone = writeProject({
      'package.json': { name: 'not-a-plugin', version: '1.0.0', type: 'module' },
      'tsconfig.json': TEMPLATE_TSCONFIG,
      'src/index.ts': 'export const answer = 42\n',
    })
    const refused = vendorApi(['check'], alone)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('No plugin manifest covers src/index.ts')
    expect(refused.stderr).toContain('package.json has no vendorPlugin manifest')
  })
})

describe('vendor-api check in a monorepo with a tsconfig per package and none at the root', () => {
  let root: string

  beforeAll(() => {
    const loose = {
      ...TEMPLATE_TSCONFIG,
      compilerOptions: { ...TEMPLATE_TSCONFIG.compilerOptions, strict: false },
    }
    root = writeProject({
      'package.json': { name: 'workspace', private: true, workspaces: ['packages/*'] },
      'packages/old/package.json': pluginPackage('old', { apiVersion: '0.0.5' }),
      'packages/old/tsconfig.json': TEMPLATE_TSCONFIG,
      'packages/old/src/index.ts': `import { shared } from '../../../shared/util.js'\nexport const use = shared\n`,
      // A plugin nested in another, built with options of its own: tsc -p passes it.
      'packages/old/plugins/inner/tsconfig.json': loose,
      'packages/old/plugins/inner/src/loose.ts': 'export function loose(x) {\n  return x\n}\n',
      'packages/new/package.json': pluginPackage('new', {
        apiVersion: '1.0.0',
        dependsOnPlugins: ['PlatformAdapter'],
      }),
      'packages/new/tsconfig.json': TEMPLATE_TSCONFIG,
      'packages/new/src/index.ts': `import { shared } from '../../../shared/util.js'\nexport const use = shared\n`,
      'shared/util.ts': `import { RpcClient } from '@tech-vendor/api/v1' // finding: api-version

export function shared(value: unknown): unknown {
  return [RpcClient, value]
}
`,
    })
  })

  function checkIn(...args: string[]): {
    code: number
    stdout: string
    stderr: string
    findings: JsonFinding[]
  } {
    const run = vendorApi(['check', ...args, '--format', 'json'], root)
    return {
      ...run,
      findings: run.code === 2 ? [] : (JSON.parse(run.stdout) as { findings: JsonFinding[] }).findings,
    }
  }

  it('checks a shared file under no tsconfig against the manifest of each package that imports it, in either order', () => {
    const forward = checkIn('packages/old', 'packages/new', 'shared')
    const backward = checkIn('shared', 'packages/new', 'packages/old')
    expect(forward.stderr).toBe('')
    expect(backward.stdout).toBe(forward.stdout)
    expect(reported(forward.findings, 'shared/util.ts')).toEqual(announced(root, 'shared/util.ts'))
    const finding = forward.findings.find((f) => f.file === 'shared/util.ts')
    expect(finding?.message).toContain('vendorPlugin.apiVersion in packages/old/package.json')
  })

  it('builds each file with its own nearest tsconfig: a nested plugin keeps its own options', () => {
    const run = checkIn('packages/old')
    expect(run.stderr).toBe('')
    expect(reported(run.findings, 'packages/old/plugins/inner/src/loose.ts')).toEqual([])
    expect(run.code).toBe(0)
    // The same file under the outer package's strict options would fail: the check sees it.
    const strict = checkIn('packages/old', '--project', 'packages/old/tsconfig.json')
    expect(strict.findings.map((f) => [f.file, f.rule])).toContainEqual([
      'packages/old/plugins/inner/src/loose.ts',
      'type-error',
    ])
  })
})

describe('manifests that are read but likely wrong', () => {
  it('warns of an unknown key, naming the key it likely misspells, and reads the rest', () => {
    const typo = writeProject({
      'package.json': pluginPackage('typo', { apiVersion: '0.0.5', dependsOnPlugin: ['PlatformAdapter'] }),
      'tsconfig.json': TEMPLATE_TSCONFIG,
      'src/uses.ts': USES_ON_005,
    })
    const run = vendorApi(['check', '--format', 'json'], typo)
    expect(run.stderr).toBe(
      "vendor-api: warning: package.json: vendorPlugin has an unknown key 'dependsOnPlugin', which is ignored: did you mean 'dependsOnPlugins'?\n",
    )
    const findings = (JSON.parse(run.stdout) as { findings: JsonFinding[] }).findings
    expect(reported(findings, 'src/uses.ts')).toEqual(announced(typo, 'src/uses.ts'))
    expect(run.code).toBe(1)
  })

  it('passes over a package.json under the sources that is not JSON (a template), as one without a manifest', () => {
    const template = writeProject({
      'package.json': pluginPackage('templated', { apiVersion: '0.0.5' }),
      'tsconfig.json': TEMPLATE_TSCONFIG,
      'src/tpl/package.json': '{ "name": "{{name}}", }\n',
      'src/tpl/index.ts': `import { Get } from '@tech-vendor/api/v1' // finding: api-version\nexport const route = Get\n`,
    })
    const run = vendorApi(['check', '--format', 'json'], template)
    expect(run.stderr).toBe('')
    const findings = (JSON.parse(run.stdout) as { findings: JsonFinding[] }).findings
    expect(reported(findings, 'src/tpl/index.ts')).toEqual(announced(template, 'src/tpl/index.ts'))
    expect(run.code).toBe(1)
  })
})
