import { expect, it } from 'vitest'
import { AsyncHelper } from '../../api/async-helper.js'
import { SimpleQuery } from '../../api/simple-query.js'
import { CUSTOMER } from '../conformance-domains.js'
import type { GroupDefinition } from './group-definition.js'
import { catchError, createOne, sleep, task } from './test-helpers.js'

/** How long what must happen is waited for, generous for a slow host. */
const WAIT = { timeout: 5000, interval: 5 }

/** What an error says of itself: its `name` and message. */
function described(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

/**
 * Isolation between hosts, one after another in one process as a test suite runs them: work a host started
 * never reaches the host installed after it, and a host that is not installed runs nothing.
 */
export const isolationGroup: GroupDefinition = {
  group: 'isolation',
  title: 'isolation between hosts of one process (work of an uninstalled host never reaches the next)',
  register({ start, stop, create }) {
    it('a task that resumes after its host was uninstalled and another installed writes nothing there, and its error reaches its own host', async () => {
      const first = start()
      let release!: () => void
      const gate = new Promise<void>((resolve) => (release = resolve))
      let waiting = false
      let done = false
      // An async Runnable: the host keeps the task pending until its promise settles.
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      task(async () => {
        waiting = true
        try {
          await gate
          createOne(CUSTOMER, { name: 'From the first host' })
        } finally {
          done = true
        }
      })
      await expect.poll(() => waiting, WAIT).toBe(true)
      stop(first.host)
      const second = start()
      release()
      await expect.poll(() => done, WAIT).toBe(true)
      expect(SimpleQuery.count(CUSTOMER), 'the second host holds nothing of the first').toBe(0)
      expect(second.errors, 'the second host is not blamed').toEqual([])
      expect(first.errors.map(described), "the first host's onError got the refusal").toEqual([
        expect.stringMatching(/^IllegalStateException: /),
      ])
    })

    it('an awaited runAs continuation of an uninstalled host fails instead of reaching the next host', async () => {
      const first = start()
      let release!: () => void
      const gate = new Promise<void>((resolve) => (release = resolve))
      const pending = first.host.runAs({ tenant: 'acme' }, async () => {
        await gate
        return SimpleQuery.count(CUSTOMER)
      })
      stop(first.host)
      start()
      createOne(CUSTOMER, { name: 'Of the second host' })
      release()
      const outcome = await pending.then(
        (count) => `read ${String(count)}`,
        (error: unknown) => described(error),
      )
      expect(outcome).toMatch(/^IllegalStateException: /)
    })

    it('runAs on a host that is not installed is refused and runs nothing', () => {
      const { host } = create()
      let ran = false
      const error = catchError(() => host.runAs({ tenant: 'acme' }, () => (ran = true)))
      expect(described(error)).toMatch(/^IllegalStateException: /)
      expect(ran).toBe(false)
    })

    it('a schedule of an uninstalled host never runs again, in the next host or anywhere', async () => {
      const first = start()
      let runs = 0
      AsyncHelper.scheduleAtFixRate(5, () => void runs++)
      await expect.poll(() => runs, WAIT).toBeGreaterThan(0)
      stop(first.host)
      const after = runs
      start()
      // Many periods of the schedule.
      await sleep(60)
      expect(runs).toBe(after)
    })
  },
}
