import { build } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt } from './built-package.js'

let dist: string

beforeAll(() => {
  dist = ensureBuilt()
})

/** What esbuild bundles for a plugin that imports `names` from the built root entry and uses them. */
async function pluginBundle(names: readonly string[]): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { ${names.join(', ')} } from './index.js'\nconsole.log(${names.join(', ')})`,
      resolveDir: dist,
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}

/** The facade classes whose modules do nothing when they load, so a bundler leaves out the unused ones. */
const SHAKEN = ['SimpleQuery', 'DomainHelper', 'QueryHelper', 'BeanContainer', 'StorageUtils']

describe('a plugin bundled with esbuild', () => {
  it.each(SHAKEN)('takes in %s only when it imports it', async (facade) => {
    const others = SHAKEN.filter((name) => name !== facade)
    const code = await pluginBundle([facade])
    expect(code).toMatch(new RegExp(`\\b${facade} = class\\b`))
    for (const other of others) expect(code).not.toMatch(new RegExp(`\\b${other} = class\\b`))
  })
})
