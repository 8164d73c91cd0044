/**
 * What Groovy logic costs (SPEC §16.5): a warm `GROOVY_CODE` service call against a `JavaScript` logic doing the
 * same work (read the query parameter, count the matching orders with a finder or SimpleQuery, return a map),
 * both through `emulator.fetch` in one emulator, interleaved round by round (alternating which goes first). The
 * medians of the per-call times are compared as a ratio. The JVM's start (from the first Groovy call to its
 * answer, which includes compiling the engine's own classes and the script) is reported apart.
 *
 * Skipped, saying why, where Java or Groovy cannot be found. Run with `npm run bench` (which builds first).
 * Figures vary by machine; the ratio is what to compare.
 */
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type * as ApiModule from '../src/index.js'
import type * as EmulatorModule from '../src/emulator/index.js'
import { findGroovyInstallation } from '../src/emulator/logic/groovy/groovy-installation.js'
import { median } from './median.js'
import { printTable } from './report.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
if (!existsSync(join(dist, 'emulator', 'index.js')))
  throw new Error('dist/ is missing: run `npm run build` first (npm run bench does).')

const found = findGroovyInstallation(process.env)
if ('missing' in found) {
  console.log(`Groovy logic bench skipped: ${found.missing}.`)
  process.exit(0)
}

const api = (await import(pathToFileURL(join(dist, 'index.js')).href)) as typeof ApiModule
const { createEmulator } = (await import(
  pathToFileURL(join(dist, 'emulator', 'index.js')).href
)) as typeof EmulatorModule

const ROUNDS = 7
const CALLS_PER_ROUND = 40
const ENGINES = { groovy: 'GROOVY_CODE', javaScript: 'JAVASCRIPT_CODE' } as const

const emulator = createEmulator({
  domains: { BenchOrder: { fields: { status: { type: 'STRING', required: true }, total: 'BIG_DECIMAL' } } },
  logicTimeoutMs: 60_000,
})
emulator.host.runAs({ tenant: 'default', user: null }, () => {
  for (let i = 0; i < 50; i++) {
    api.DomainHelper.createDomain(
      api.DomainHelper.buildDomain(
        'BenchOrder' as string,
        { status: i % 2 === 0 ? 'OPEN' : 'CLOSED', total: i } as never,
      ),
    )
  }
  const define = (name: string, engine: string, code: string): void => {
    const record = api.SimpleQuery.of('DynamicLogicEngine').eq('name', engine).get()
    const logic = api.DomainHelper.buildDomain('DynamicLogic', { name, code, dynamicLogicEngine: record })
    api.DomainHelper.createDomain(logic)
    api.DomainHelper.createDomain(
      api.DomainHelper.buildDomain('DynamicServiceProvider', {
        name,
        active: true,
        logic,
        enableAnonymous: true,
      }),
    )
  }
  define(
    'count-groovy',
    ENGINES.groovy,
    'return [status: params.status, count: BenchOrder.countByStatus(params.status)]',
  )
  define(
    'count-js',
    ENGINES.javaScript,
    "const status = request.params.status; return { status, count: SimpleQuery.of('BenchOrder').eq('status', status).listAll().length }",
  )
})

async function call(name: string): Promise<void> {
  const response = await emulator.fetch(`/api/service/${name}?status=OPEN`)
  const body = (await response.json()) as { count?: number }
  if (response.status !== 200 || body.count !== 25)
    throw new Error(`${name} answered ${response.status} ${JSON.stringify(body)}`)
}

/** The median time of one call over a round, in ms. */
async function round(name: string): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < CALLS_PER_ROUND; i++) {
    const started = performance.now()
    await call(name)
    times.push(performance.now() - started)
  }
  return median(times)
}

try {
  const started = performance.now()
  await call('count-groovy')
  const jvmStart = performance.now() - started
  // Warm both before measuring: the JIT of each side, the script compiled once.
  await round('count-groovy')
  await round('count-js')
  const groovy: number[] = []
  const javaScript: number[] = []
  for (let r = 0; r < ROUNDS; r++) {
    if (r % 2 === 0) {
      groovy.push(await round('count-groovy'))
      javaScript.push(await round('count-js'))
    } else {
      javaScript.push(await round('count-js'))
      groovy.push(await round('count-groovy'))
    }
  }
  const g = median(groovy)
  const js = median(javaScript)
  printTable(
    `Groovy logic: a warm service call against JavaScript logic doing the same work (${ROUNDS} rounds of ${CALLS_PER_ROUND} calls)`,
    [
      ['measure', 'value'],
      ['JVM start (first Groovy call, to its answer)', `${jvmStart.toFixed(0)} ms`],
      ['warm GROOVY_CODE call, median', `${g.toFixed(2)} ms`],
      ['JavaScript logic call, median', `${js.toFixed(2)} ms`],
      ['ratio Groovy / JavaScript', `${(g / js).toFixed(1)}x`],
    ],
  )
} finally {
  await emulator.close()
}
