import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { memberSpecs } from '../../src/runtime-contract/index.js'
import { jvmDescriptor } from '../../src/runtime-contract/jvm-names.js'

const page = readFileSync(new URL('../../docs/mismatches.md', import.meta.url), 'utf8')

/** The members whose declaration in 0.0.5 the platform runtime does not honour as declared. */
const mismatched = memberSpecs.filter(
  (m) => m.declaredIn.includes('0.0.5') && (m.runtime === 'absent' || m.returns !== m.runtimeReturns),
)

describe('docs/mismatches.md', () => {
  it.each(mismatched.map((m) => [m.id, jvmDescriptor(m)]))(
    'names the NoSuchMethodError descriptor of %s',
    (_id, descriptor) => {
      expect(page).toContain(descriptor)
    },
  )

  it('names no descriptor that the member table does not have', () => {
    const known = new Set(memberSpecs.map((m) => jvmDescriptor(m)))
    const named = page.match(/tech\.vendor\.api\.[\w.]+\([^)\s]*\)[^\s`|]+/g) ?? []
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter((d) => !known.has(d))).toEqual([])
  })

  it.each([
    ...new Set(
      memberSpecs.filter((m) => m.runtimeDeprecated !== undefined).map((m) => `${m.owner}.${m.name}`),
    ),
  ])('lists %s as deprecated at runtime', (member) => {
    const row = page.split('\n').find((line) => line.includes('deprecated') && line.startsWith('|'))
    expect(row).toContain(`\`${member}\``)
  })
})
