import { afterEach, expect, test, vi } from 'vitest'
import { AsyncHelper, DomainHelper, SimpleQuery } from '../../../../src/index.js'
import { createTestHost, pgliteStore } from '../../../../src/testing/index.js'
import { runModuleScript } from '../../../run-module-script.js'

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

test('PGlite keeps the real clock when Date was faked before the package was imported', () => {
  // A setup file may fake timers before the test imports the package: what PGlite reads must still be real.
  const child = runModuleScript([
    'const y2k = 946_684_800_000',
    'const Real = Date',
    'globalThis.Date = class extends Real { constructor(...args) { super(...(args.length ? args : [y2k])) } static now() { return y2k } }',
    "const { QueryHelper } = await import('./src/index.ts')",
    "const { createTestHost, pgliteStore } = await import('./src/testing/index.ts')",
    'const store = await pgliteStore()',
    'const host = createTestHost({ store }).install()',
    "const { year } = QueryHelper.withSql((sql) => sql.firstRow('select extract(year from now())::int as year'))",
    'host.uninstall()',
    'await store.close()',
    'console.log(JSON.stringify({ year, faked: new Date().getUTCFullYear() }))',
  ])
  expect(child.stderr).toBe('')
  const { year, faked } = JSON.parse(child.stdout) as { year: number; faked: number }
  expect(faked).toBe(2000)
  expect(year).toBe(new Date().getUTCFullYear())
})
