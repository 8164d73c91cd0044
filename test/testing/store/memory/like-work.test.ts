import { describe, expect, test } from 'vitest'
import { DomainHelper, IllegalArgumentException, SimpleQuery } from '../../../../src/index.js'
import { createTestHost } from '../../../../src/testing/index.js'
import { LIKE_WORK_PER_UNIT, likeMatchWork } from '../../../../src/testing/store/memory/like-matcher.js'

/**
 * One search on the memory store, run through the library on one stored text, with the matcher work it did
 * (UTF-16 units compared or stepped over, counted by the matcher itself: no clock).
 */
function search(text: string, pattern: string): { ids: number[]; work: number } {
  using host = createTestHost({ domains: { Note: { fields: { body: 'STRING' } } } })
  host.install()
  return host.runAs({}, () => {
    DomainHelper.createDomain(DomainHelper.buildDomain('Note', { body: text }))
    const before = likeMatchWork()
    const ids = SimpleQuery.of('Note')
      .iLike('body', pattern)
      .listAll()
      .map((note) => (note as { id: number }).id)
    return { ids, work: likeMatchWork() - before }
  })
}

describe('the work of one iLike search is bounded (OWASP API4)', () => {
  test('a 31 KB %infix% over a 128 KB text built against it costs work linear in the two, and answers', () => {
    const text = 'a'.repeat(128 * 1024)
    const pattern = `%${'a'.repeat(31 * 1024)}b%`
    const { ids, work } = search(text, pattern)
    expect(ids).toEqual([])
    // Knuth-Morris-Pratt: at most twice the text plus the literal. The former matcher compared 128 K × 31 K.
    expect(work).toBeLessThanOrEqual(2 * (text.length + pattern.length))
  })

  test('a 14 KB keyword-style pattern over a 1 MB text costs work linear in the two, and finds it', () => {
    const keyword = 'ab'.repeat(7 * 1024)
    const text = `${'ab'.repeat(512 * 1024 - 7 * 1024)}${keyword}`.replace(/^ab/, 'ba')
    const { ids, work } = search(text, `%${keyword}%`)
    expect(ids).toEqual([1])
    expect(work).toBeLessThanOrEqual(2 * (text.length + keyword.length))
  })

  test('a general pattern of long literals between % is matched run by run in linear work', () => {
    const text = `${'x'.repeat(64 * 1024)}${'y'.repeat(100)}z${'x'.repeat(64 * 1024)}`
    const pattern = `x%${'x'.repeat(2000)}y%${'y'.repeat(99)}z%${'x'.repeat(3000)}`
    const { ids, work } = search(text, pattern)
    expect(ids).toEqual([1])
    expect(work).toBeLessThanOrEqual(4 * (text.length + pattern.length))
  })

  test('a run holding _ that would need more than the bound is refused, saying what to do; the work stays within it', () => {
    const text = 'a'.repeat(128 * 1024)
    const pattern = `%${'a_'.repeat(8 * 1024)}b%`
    let refused: unknown
    const before = likeMatchWork()
    try {
      search(text, pattern)
    } catch (error) {
      refused = error
    }
    expect(IllegalArgumentException.is(refused)).toBe(true)
    expect((refused as Error).message).toMatch(
      /iLike: matching the pattern .* against a text of 131072 characters would take more than \d+ steps per character.*shorten it, or split it with %/,
    )
    expect(likeMatchWork() - before).toBeLessThanOrEqual(
      LIKE_WORK_PER_UNIT * (text.length + pattern.length + 1) + pattern.length,
    )
  })

  test('patterns with _ in runs of up to 32 characters are matched whatever the text, within the bound', () => {
    const text = `${'a'.repeat(128 * 1024)}é😀b`
    for (const [pattern, matches] of [
      [`%${'a_'.repeat(15)}b%`, false],
      [`%${'a'.repeat(30)}__%`, true],
      ['%a_é_b', true],
      ['%a__b', true],
      [`a%${'_'.repeat(32)}%😀_`, true],
      ['%é_b', true],
      ['%é__b', false],
    ] as const) {
      const { ids, work } = search(text, pattern)
      expect(ids, pattern).toEqual(matches ? [1] : [])
      expect(work, pattern).toBeLessThanOrEqual(LIKE_WORK_PER_UNIT * (text.length + pattern.length + 1))
    }
  })
})
