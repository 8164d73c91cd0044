import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, repoRoot, run } from '../../../packaging/built-package.js'
import { GROOVY_ENGINE, GROOVY_MISSING } from './groovy-fixture.js'

/** The service: a write through a domain class, and a GString of a parameter. */
const CODE = 'new Note(text: \'hi\').save(); [notes: Note.count(), greeting: "hello ${params.who}"]'

/** A program that runs one Groovy service on the built emulator and prints its answer. */
function program(load: (entry: string) => string, dist: string): string {
  return `
    const api = ${load(join(dist, 'index'))}
    const { createEmulator } = ${load(join(dist, 'emulator', 'index'))}
    const emulator = createEmulator({ domains: { Note: { fields: { text: 'STRING' } } } })
    emulator.host.runAs({ tenant: 'default', user: null }, () => {
      const engine = api.SimpleQuery.of('DynamicLogicEngine').eq('name', ${JSON.stringify(GROOVY_ENGINE)}).get()
      const logic = api.DomainHelper.buildDomain('DynamicLogic', { name: 'hello', dynamicLogicEngine: engine,
        code: ${JSON.stringify(CODE)} })
      api.DomainHelper.createDomain(logic)
      api.DomainHelper.createDomain(api.DomainHelper.buildDomain('DynamicServiceProvider', { name: 'hello', active: true, logic, enableAnonymous: true }))
    })
    emulator.fetch('/api/service/hello?who=build').then((r) => r.text()).then(async (text) => {
      console.log(text)
      await emulator.close()
    })`
}

describe.skipIf(GROOVY_MISSING !== undefined)('the built package runs Groovy logic', () => {
  let dist: string
  beforeAll(() => {
    dist = ensureBuilt()
  }, 300_000)

  it('from the ESM build, finding its Groovy runtime folder in dist/', () => {
    const load = (entry: string): string =>
      `await import(${JSON.stringify(pathToFileURL(`${entry}.js`).href)})`
    const out = run(process.execPath, ['--input-type=module', '-e', program(load, dist)], repoRoot)
    expect(JSON.parse(out)).toEqual({ notes: 1, greeting: 'hello build' })
  }, 180_000)

  it('from the CommonJS build, finding the same folder', () => {
    const load = (entry: string): string => `require(${JSON.stringify(`${entry}.cjs`)})`
    const out = run(process.execPath, ['-e', `(async () => { ${program(load, dist)} })()`], repoRoot)
    expect(JSON.parse(out)).toEqual({ notes: 1, greeting: 'hello build' })
  }, 180_000)
})
