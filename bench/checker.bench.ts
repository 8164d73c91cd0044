/**
 * What `vendor-api check` costs in CI next to the type check the plugin already runs: the built bin on a
 * generated plugin of 200 and of 1,000 files, against `tsc --noEmit` on the same project, both as child
 * processes (so that both pay Node's and the compiler's start-up, as in CI), interleaved round by round
 * (alternating which goes first), medians compared. Each run is measured in wall time and in CPU time (user +
 * system of the child process, all its threads, read by a preloaded hook at its exit), since on a shared
 * machine wall time also counts waiting for a core. Target: the check within 1.3x of `tsc --noEmit`. The
 * 1,000-file plugin is timed a second time with the runtime profile on in its tsconfig, against `tsc` with
 * the same tsconfig (which then refuses the absent calls).
 *
 * The plugin imports the built package through node_modules, calls the facades a plugin calls (queries,
 * transactions, async tasks, beans) and, in a few files, members the runtime lacks, so that the check has
 * findings to report. It type-checks cleanly, so both tools do the same type check. Run with `npm run bench`
 * (which builds first). Figures vary by machine; the ratio is what to compare.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median } from './median.js'
import { printTable } from './report.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const bin = join(root, 'dist', 'checker', 'cli.js')
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
if (!existsSync(bin))
  throw new Error('dist/checker/cli.js is missing: run `npm run build` first (npm run bench does).')

/**
 * The plugins timed: their size, the rounds each is timed for, and whether the tsconfig turns the runtime
 * profile on (then the check builds a second program, the profile's, for the type errors).
 */
const CASES = [
  { files: 200, rounds: 7, profile: false },
  { files: 1000, rounds: 5, profile: false },
  { files: 1000, rounds: 5, profile: true },
] as const
/** The runtime profile's condition, as a plugin's tsconfig names it (docs/runtime-profiles.md). */
const PROFILE_CONDITION = 'tech-vendor-runtime-1.0.0-beta18'
const TARGET_RATIO = 1.3
/** Every tenth file calls two members the runtime lacks. */
const ABSENT_EVERY = 10

/** One plugin source file: a domain service with queries, a transaction, a task, and helpers of its own. */
function pluginFile(i: number): string {
  const previous = i === 0 ? '' : `import { total${i - 1} } from './service-${i - 1}.js'\n`
  const absent =
    i % ABSENT_EVERY === 0
      ? `  AsyncHelper.task(true, () => console.log('legacy ${i}'))\n  AsyncHelper.newForkJoinPool(${(i % 4) + 1})\n`
      : ''
  return `import { AsyncHelper, BeanContainer, DomainHelper, DomainObjectRenderType, QueryHelper, SimpleQuery, type DomainObject } from '@tech-vendor/api'
${previous}
abstract class Rates${i} {
  abstract rate(currency: string): number
}

interface Line${i} {
  readonly sku: string
  readonly quantity: number
  readonly price: number
}

const cache${i} = new Map<string, number>()

function lineTotal${i}(line: Line${i}): number {
  return Math.round(line.quantity * line.price * 100) / 100
}

export function total${i}(lines: readonly Line${i}[]): number {
  const key = lines.map((l) => \`\${l.sku}x\${l.quantity}\`).join(',')
  const cached = cache${i}.get(key)
  if (cached !== undefined) return cached
  const sum = lines.reduce((acc, line) => acc + lineTotal${i}(line), 0)${i === 0 ? '' : ` + total${i - 1}([])`}
  cache${i}.set(key, sum)
  return sum
}

export function openOrders${i}(page: number): Record<string, unknown>[] {
  const rows = SimpleQuery.of('Order${i % 7}').eq('status', 'OPEN').gt('total', ${i}).list(page * 20, 20)
  return rows.map((row: DomainObject) => DomainHelper.render(row, DomainObjectRenderType.ALL_COLUMNS))
}

export function close${i}(id: number): void {
  QueryHelper.withTransaction(() => {
    const order = SimpleQuery.getById('Order${i % 7}', id)
    if (order === null) throw new Error(\`no order \${id}\`)
    DomainHelper.updateDomain({ ...order, status: 'CLOSED' })
    return order
  })
}

export function inEuro${i}(amount: number): number {
  return amount * BeanContainer.getBean(Rates${i}).rate('EUR')
}

export function later${i}(): void {
  AsyncHelper.task(() => console.log(openOrders${i}(0).length))
${absent}}
`
}

function writePlugin(dir: string, files: number, profile: boolean): void {
  mkdirSync(join(dir, 'src'), { recursive: true })
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'bench-plugin',
      private: true,
      type: 'module',
      vendorPlugin: {
        name: 'bench-plugin',
        version: '1.0.0',
        apiVersion: '0.0.5',
        dependsOnPlugins: ['PlatformAdapter'],
      },
    }),
  )
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        lib: ['es2023', 'esnext.disposable'],
        module: 'nodenext',
        moduleResolution: 'nodenext',
        types: ['node'],
        strict: true,
        skipLibCheck: true,
        noEmit: true,
        ...(profile ? { customConditions: [PROFILE_CONDITION] } : {}),
      },
      include: ['src'],
    }),
  )
  for (let i = 0; i < files; i++) writeFileSync(join(dir, 'src', `service-${i}.ts`), pluginFile(i))
  // Installed as a plugin has them: the package, and Node's types.
  mkdirSync(join(dir, 'node_modules', '@tech-vendor'), { recursive: true })
  mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true })
  symlinkSync(root, join(dir, 'node_modules', '@tech-vendor', 'api'), 'dir')
  symlinkSync(
    join(root, 'node_modules', '@types', 'node'),
    join(dir, 'node_modules', '@types', 'node'),
    'dir',
  )
}

interface Timed {
  readonly wallMs: number
  /** User and system CPU time of the child process, all its threads. */
  readonly cpuMs: number
  readonly status: number | null
  readonly stdout: string
}

/** Preloaded into each timed process: writes its CPU usage where the environment says, at exit. */
const CPU_HOOK = `process.on('exit', () => {
  const { user, system } = process.cpuUsage()
  require('node:fs').writeFileSync(process.env.VENDOR_API_BENCH_CPU, String((user + system) / 1000))
})
`

function time(args: readonly string[], cwd: string): Timed {
  const cpuFile = join(cwd, '.cpu-ms')
  const start = process.hrtime.bigint()
  const result = spawnSync(process.execPath, ['--require', join(cwd, '.cpu-hook.cjs'), ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, VENDOR_API_BENCH_CPU: cpuFile },
  })
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6
  if (result.error !== undefined) throw result.error
  return {
    wallMs,
    cpuMs: Number(readFileSync(cpuFile, 'utf8')),
    status: result.status,
    stdout: result.stdout,
  }
}

interface Measured {
  readonly files: number
  readonly profile: boolean
  readonly findings: number
  readonly tsc: { readonly wallMs: number; readonly cpuMs: number }
  readonly check: { readonly wallMs: number; readonly cpuMs: number }
}

function measure(files: number, rounds: number, profile: boolean): Measured {
  const dir = mkdtempSync(join(tmpdir(), 'vendor-api-checker-bench-'))
  try {
    writePlugin(dir, files, profile)
    writeFileSync(join(dir, '.cpu-hook.cjs'), CPU_HOOK)
    const check = (): Timed => time([bin, 'check', '--format', 'json'], dir)
    const typeCheck = (): Timed => time([tsc, '--noEmit', '-p', 'tsconfig.json'], dir)

    // The runs must do what they claim: tsc passes (under the profile, it refuses exactly the absent calls),
    // the check finds exactly the absent calls and no type error (the profile's refusals are those calls).
    const expectedAbsent = 2 * Math.ceil(files / ABSENT_EVERY)
    const typed = typeCheck()
    const tscErrors = typed.stdout.split('\n').filter((line) => line.includes('error TS')).length
    if (profile ? typed.status !== 2 || tscErrors !== expectedAbsent : typed.status !== 0)
      throw new Error(
        `tsc --noEmit gave exit ${typed.status} and ${tscErrors} errors on the generated plugin, expected ${profile ? `2 and ${expectedAbsent}` : '0 and 0'}:\n${typed.stdout.slice(0, 2000)}`,
      )
    const checked = check()
    const findings = (JSON.parse(checked.stdout) as { findings: { rule: string }[] }).findings
    const absent = findings.filter((f) => f.rule === 'absent-at-runtime').length
    const typeErrors = findings.filter((f) => f.rule === 'type-error').length
    if (checked.status !== 1 || absent !== expectedAbsent || typeErrors !== 0) {
      throw new Error(
        `vendor-api check found ${absent} absent-at-runtime calls and ${typeErrors} type errors (exit ${checked.status}), expected ${expectedAbsent} and 0`,
      )
    }

    const checkRuns: Timed[] = []
    const tscRuns: Timed[] = []
    for (let round = 0; round < rounds; round++) {
      if (round % 2 === 0) {
        checkRuns.push(check())
        tscRuns.push(typeCheck())
      } else {
        tscRuns.push(typeCheck())
        checkRuns.push(check())
      }
    }
    const medians = (runs: readonly Timed[]): Measured['tsc'] => ({
      wallMs: median(runs.map((r) => r.wallMs)),
      cpuMs: median(runs.map((r) => r.cpuMs)),
    })
    return { files, profile, findings: findings.length, tsc: medians(tscRuns), check: medians(checkRuns) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const ms = (value: number): string => `${value.toFixed(0)} ms`
const rows: string[][] = [
  ['plugin', 'measure', 'tsc --noEmit (baseline)', 'vendor-api check', 'check / tsc', 'verdict'],
]
for (const { files, rounds, profile } of CASES) {
  const m = measure(files, rounds, profile)
  for (const kind of ['cpuMs', 'wallMs'] as const) {
    const ratio = m.check[kind] / m.tsc[kind]
    rows.push([
      `${files} files${profile ? ', runtime profile on' : ''}, ${m.findings} findings`,
      kind === 'cpuMs' ? 'CPU time' : 'wall time',
      ms(m.tsc[kind]),
      ms(m.check[kind]),
      `${ratio.toFixed(2)}x`,
      ratio <= TARGET_RATIO ? `within ${TARGET_RATIO}x` : 'ABOVE TARGET',
    ])
  }
  console.log(
    `(${files} files${profile ? ', runtime profile on' : ''}: medians of ${rounds} interleaved rounds, each a fresh Node process)`,
  )
}
printTable('vendor-api check versus tsc --noEmit (bench/checker.bench.ts)', rows)
