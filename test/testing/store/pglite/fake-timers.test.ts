import { afterEach, expect, test, vi } from 'vitest'
import { AsyncHelper, DomainHelper, SimpleQuery } from '../../../../src/index.js'
import { createTestHost, pgliteStore } from '../../../../src/testing/index.js'

const domains = { Tick: { fields: { n: 'INTEGER' } } } as const

afterEach(() => {
  vi.useRealTimers()
})

test.each([
  ['every timer and Date', undefined],
  ['the timers only', { toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] as const }],
])(
  'vitest fake timers (%s) drive a schedule that writes to PGlite, and leave no timer of PGlite on the fake clock',
  async (_faked, options) => {
    const store = await pgliteStore()
    vi.useFakeTimers(options === undefined ? undefined : { toFake: [...options.toFake] })
    const host = createTestHost({ domains, store }).install()
    try {
      const cancel = AsyncHelper.scheduleAtFixRate(60_000, () =>
        DomainHelper.createDomain(DomainHelper.buildDomain('Tick', { n: 1 })),
      )
      await vi.advanceTimersByTimeAsync(60_000)
      cancel.run()
      expect(vi.getTimerCount()).toBe(0)
      await vi.runAllTimersAsync()
      expect(SimpleQuery.count('Tick')).toBe(1)
    } finally {
      host.uninstall()
      vi.useRealTimers()
      await store.close()
    }
  },
)
