import { describe, expect, it } from 'vitest'
import { memberSpecs, members, type FacetName } from '../../src/runtime-contract/index.js'

const FACETS: readonly FacetName[] = ['storage', 'query', 'domain', 'beans', 'async', 'messages', 'rpc']
const JAVA_TYPE =
  /^(?:boolean|byte|char|short|int|long|float|double|void|[a-z][\w]*(?:\.[a-z][\w]*)*\.[A-Z]\w*(?:\[\])?)$/

describe('the member table', () => {
  it('memberSpecs is every entry of members, in order, frozen', () => {
    expect(memberSpecs).toEqual(Object.values(members))
    expect(Object.isFrozen(members)).toBe(true)
    expect(Object.isFrozen(memberSpecs)).toBe(true)
    for (const spec of memberSpecs) expect(Object.isFrozen(spec)).toBe(true)
  })

  it('ids are unique', () => {
    const ids = memberSpecs.map((m) => m.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('every id reads Owner.name(SimpleParameterTypes)', () => {
    for (const m of memberSpecs) {
      const simple = m.parameters.map((p) => p.slice(p.lastIndexOf('.') + 1)).join(', ')
      expect(m.id.startsWith(`${m.owner}.${m.name}(${simple})`)).toBe(true)
    }
  })

  it('every member absent at runtime says what to call instead', () => {
    const absent = memberSpecs.filter((m) => m.runtime === 'absent')
    expect(absent.map((m) => m.id).sort()).toEqual([
      'AsyncHelper.newForkJoinPool(int)',
      'AsyncHelper.task(ExecutorService, Runnable)',
      'AsyncHelper.task(boolean, Runnable)',
      'MessageHelper.pushNotification(Notification)',
    ])
    for (const m of absent) expect(m.instead, m.id).toMatch(/\S/)
  })

  it('every member whose runtime return type differs says what to do instead', () => {
    const differing = memberSpecs.filter((m) => m.returns !== m.runtimeReturns)
    expect(differing.map((m) => m.id)).toEqual(['AsyncHelper.task(Runnable)'])
    for (const m of differing) expect(m.instead, m.id).toMatch(/\S/)
  })

  it('the runtime deprecates exactly the AsyncHelper members the platform has, with a reason', () => {
    const deprecated = memberSpecs.filter((m) => m.runtimeDeprecated !== undefined)
    expect(new Set(deprecated.map((m) => `${m.owner}.${m.name}`))).toEqual(
      new Set(['AsyncHelper.task', 'AsyncHelper.scheduleAtFixRate']),
    )
    for (const m of deprecated) {
      expect(m.runtime, m.id).toBe('present')
      expect(m.runtimeDeprecated, m.id).toMatch(/logged-in user/)
    }
  })

  it('pushMessage is the runtime-only member: present, declared by no library line', () => {
    const runtimeOnly = memberSpecs.filter((m) => m.declaredIn.length === 0)
    expect(runtimeOnly.map((m) => m.id)).toEqual(['MessageHelper.pushMessage(Notification)'])
    expect(runtimeOnly[0]?.runtime).toBe('present')
  })

  it('every member names a facet, a Java owner and Java types', () => {
    for (const m of memberSpecs) {
      expect(FACETS, m.id).toContain(m.facet)
      expect(m.member, m.id).toMatch(/^[a-z]\w*$/)
      expect(m.javaOwner, m.id).toMatch(new RegExp(`^tech\\.vendor\\.api\\.(?:websocket\\.)?${m.owner}$`))
      for (const type of [...m.parameters, m.returns, m.runtimeReturns]) expect(type, m.id).toMatch(JAVA_TYPE)
      for (const line of m.declaredIn) expect(['0.0.5', '1.0.0'], m.id).toContain(line)
    }
  })

  it('the 0.0.5-only and 1.0.0-only declarations of task(Runnable) are told apart', () => {
    expect(members.asyncTask.declaredIn).toEqual(['0.0.5'])
    expect(members.asyncTask.returns).toBe('void')
    expect(members.asyncTaskV1.declaredIn).toEqual(['1.0.0'])
    expect(members.asyncTaskV1.returns).toBe('java.lang.Thread')
    expect(members.asyncTaskV1.runtimeReturns).toBe(members.asyncTask.runtimeReturns)
  })
})
