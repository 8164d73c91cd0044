import { describe, expect, it } from 'vitest'
import { DEALLOCATE_ALL, PreparedStatements } from '../../../../src/testing/store/sql/prepared-statements.js'
import type { Statement } from '../../../../src/testing/store/sql/statement.js'

const repeated = (text: string): Statement => ({ text, params: [], repeated: true })
const once = (text: string): Statement => ({ text, params: [] })

/** Plans a pipeline and settles it as if the backend parsed `parsed` of its Parse messages (all by default). */
function send(cache: PreparedStatements, statements: Statement[], parsed = Infinity) {
  const plan = cache.plan(statements)
  cache.settle(statements, plan, parsed)
  return plan
}

describe('PreparedStatements', () => {
  it('makes a repeated statement once and then only binds it; other statements stay unnamed', () => {
    const cache = new PreparedStatements(8, 'p')
    const get = repeated('SELECT 1')
    expect(send(cache, [get, once('SELECT 2'), get]).names).toEqual([
      { name: 'p1', parse: true },
      undefined,
      { name: 'p1', parse: false },
    ])
    expect(send(cache, [get]).names).toEqual([{ name: 'p1', parse: false }])
  })

  it('keeps only what the backend parsed: a pipeline that stopped leaves the rest to be made again, under new names', () => {
    const cache = new PreparedStatements(8, 'p')
    const [a, b] = [repeated('SELECT a'), repeated('SELECT b')]
    // An unnamed statement's Parse counts too: the second Parse (b's) did not complete.
    send(cache, [a, once('SELECT x'), b], 2)
    expect(cache.plan([a, b]).names).toEqual([
      { name: 'p1', parse: false },
      { name: 'p3', parse: true },
    ])
  })

  it('drops the least recently used beyond its limit, never one the pipeline uses', () => {
    const cache = new PreparedStatements(2, 'p')
    const [a, b, c] = [repeated('SELECT a'), repeated('SELECT b'), repeated('SELECT c')]
    send(cache, [a])
    send(cache, [b])
    send(cache, [a])
    const plan = send(cache, [c])
    expect(plan.closes).toEqual(['p2'])
    expect(cache.size).toBe(2)
    // More texts in one pipeline than the limit: the rest go unnamed, and nothing the pipeline uses is dropped.
    const crowded = send(cache, [a, c, b])
    expect(crowded.closes).toEqual([])
    expect(crowded.names).toEqual([{ name: 'p1', parse: false }, { name: 'p3', parse: false }, undefined])
  })

  it('forgets everything at DEALLOCATE ALL: what comes before it goes unnamed, what comes after is made again', () => {
    const cache = new PreparedStatements(8, 'p')
    const a = repeated('SELECT a')
    send(cache, [a])
    expect(send(cache, [a, DEALLOCATE_ALL, a]).names).toEqual([
      undefined,
      undefined,
      { name: 'p2', parse: true },
    ])
    expect(cache.plan([a]).names).toEqual([{ name: 'p2', parse: false }])
  })
})
