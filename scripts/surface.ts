/**
 * `npm run surface`: prints the declared surface of each entry point and, member by member, what each profile
 * has: the 0.0.5 line, the 1.0.0 series, and the platform runtime 1.0.0-beta18 under dynamic and static linkage.
 */
import * as root from '../src/index.js'
import { memberSpecs, type MemberSpec } from '../src/runtime-contract/index.js'
import * as contract from '../src/runtime-contract/index.js'
import * as v1 from '../src/v1/index.js'

const entries: readonly (readonly [string, string, object])[] = [
  ['@tech-vendor/api', 'the 0.0.5 line (plugin-template default)', root],
  ['@tech-vendor/api/v1', 'the 1.0.0 series', v1],
  ['@tech-vendor/api/runtime-contract', 'what a host implements and binds', contract],
]

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  return rows
    .map((row, index) => {
      const line = row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd()
      return index === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line
    })
    .join('\n')
}

/** What a call does on the platform runtime under one linkage. */
function onRuntime(member: MemberSpec, linkage: 'dynamic' | 'static'): string {
  if (member.runtime === 'absent')
    return linkage === 'dynamic' ? 'MissingMethodException' : 'NoSuchMethodError'
  if (member.returns !== member.runtimeReturns && linkage === 'static') return 'NoSuchMethodError'
  if (member.returns !== member.runtimeReturns) return `works, returns ${simple(member.runtimeReturns)}`
  return 'works'
}

function simple(javaType: string): string {
  return javaType.slice(javaType.lastIndexOf('.') + 1)
}

/** Wraps a list of names to lines of at most `width` characters, each indented. */
function wrap(names: readonly string[], width = 100, indent = '    '): string {
  const lines: string[] = []
  let line = ''
  for (const name of names) {
    if (line !== '' && indent.length + line.length + name.length + 2 > width) {
      lines.push(`${indent}${line},`)
      line = ''
    }
    line = line === '' ? name : `${line}, ${name}`
  }
  if (line !== '') lines.push(`${indent}${line}`)
  return lines.join('\n')
}

console.log('@tech-vendor/api: the declared surface and its profiles\n')
for (const [name, holds, module] of entries) {
  const names = Object.keys(module).sort()
  console.log(`${name}: ${holds}; ${names.length} runtime exports (types not listed)`)
  console.log(wrap(names))
}

console.log(
  '\nHost-backed members: declared by each library line, and what the platform runtime 1.0.0-beta18 does\n',
)
console.log(
  table([
    ['member', '0.0.5', '1.0.0', 'runtime, dynamic', 'runtime, static', 'runtime-deprecated'],
    ...memberSpecs.map((m) => [
      m.id,
      m.declaredIn.includes('0.0.5') ? `yes: ${simple(m.returns)}` : '-',
      m.declaredIn.includes('1.0.0') ? `yes: ${simple(m.returns)}` : '-',
      onRuntime(m, 'dynamic'),
      onRuntime(m, 'static'),
      m.runtimeDeprecated === undefined ? '' : 'yes (one warning per binding)',
    ]),
  ]),
)

const notes = memberSpecs.filter((m) => m.instead !== undefined)
console.log('\nWhat to do instead\n')
for (const m of notes) console.log(`- ${m.id}: ${m.instead ?? ''}`)
console.log('\nThe mismatch guide: docs/mismatches.md. Run plugin code on a host: docs/host-authors.md.')
