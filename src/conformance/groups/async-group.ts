import { expect, it, vi } from 'vitest'
import { AsyncHelper } from '../../api/async-helper.js'
import { SimpleQuery } from '../../api/simple-query.js'
import { CUSTOMER } from '../conformance-domains.js'
import { TENANTS } from '../suite-context.js'
import type { GroupDefinition } from './group-definition.js'
import { create, createOne, sleep, task } from './test-helpers.js'

const OTHER = TENANTS[1] as string
const ANN = Object.freeze({ id: 7, username: 'ann' })

/** A schedule's period in the tests: short real time, so that a few runs take a few tens of milliseconds. */
const PERIOD = 5
/** How long "nothing more happens" is watched: many periods. */
const QUIET = 60
/** How long a run that must happen is waited for, generous for a loaded machine. */
const WAIT = { timeout: 5000, interval: 5 }

/** SPEC §7.6: tasks on the event loop, tenant carried and user not, failures reported, cancellation. */
export const asyncGroup: GroupDefinition = {
  group: 'async',
  title: 'AsyncHelper tasks and schedules (SPEC §7.6, real timers)',
  register({ start, stop }) {
    it('a task runs after the call returns, and whenIdle waits for it and for the tasks it starts', async () => {
      const { host } = start()
      const ran: string[] = []
      task(() => {
        ran.push('first')
        task(() => {
          ran.push('second')
          task(() => void ran.push('third'))
        })
      })
      ran.push('caller')
      await host.whenIdle()
      expect(ran).toEqual(['caller', 'first', 'second', 'third'])
    })

    it('a task carries the tenant but not the user', async () => {
      const { host } = start()
      create(CUSTOMER, [{ name: 'First' }])
      host.runAs({ tenant: OTHER }, () => create(CUSTOMER, [{ name: 'Other 1' }, { name: 'Other 2' }]))
      let seen: { tenant: string; user: unknown; count: number } | undefined
      host.runAs({ tenant: OTHER, user: ANN }, () => {
        expect(host.current().user).toEqual(ANN)
        task(() => {
          const { tenant, user } = host.current()
          seen = { tenant, user, count: SimpleQuery.count(CUSTOMER) }
        })
      })
      await host.whenIdle()
      expect(seen).toEqual({ tenant: OTHER, user: null, count: 2 })
    })

    it('what a task writes goes to the tenant that started it', async () => {
      const { host } = start()
      host.runAs({ tenant: OTHER }, () => task(() => void createOne(CUSTOMER, { name: 'From a task' })))
      await host.whenIdle()
      expect(SimpleQuery.count(CUSTOMER)).toBe(0)
      expect(host.runAs({ tenant: OTHER }, () => SimpleQuery.count(CUSTOMER))).toBe(1)
    })

    it('an error thrown by a task reaches onError, and other tasks still run', async () => {
      const { host, errors } = start()
      const failure = new Error('task failed')
      let after = false
      task(() => {
        throw failure
      })
      task(() => void (after = true))
      await host.whenIdle()
      expect(errors).toEqual([failure])
      expect(after).toBe(true)
    })

    it('scheduleAtFixRate repeats the task, carrying the tenant and not the user, until its Runnable cancels it', async () => {
      const { host, errors } = start()
      const seen: string[] = []
      const cancel = host.runAs({ tenant: OTHER, user: ANN }, () =>
        AsyncHelper.scheduleAtFixRate(PERIOD, () => {
          const { tenant, user } = host.current()
          seen.push(`${tenant}/${user === null ? 'no user' : user.username}`)
        }),
      )
      await vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(3), WAIT)
      cancel.run()
      const runs = seen.length
      await sleep(QUIET)
      expect(seen.length).toBe(runs)
      expect(new Set(seen)).toEqual(new Set([`${OTHER}/no user`]))
      expect(errors).toEqual([])
    })

    it('a periodic task that throws stops, and its error reaches onError', async () => {
      const { errors } = start()
      const failure = new Error('second run failed')
      let runs = 0
      AsyncHelper.scheduleAtFixRate(PERIOD, () => {
        runs++
        if (runs === 2) throw failure
      })
      await vi.waitFor(() => expect(errors).toEqual([failure]), WAIT)
      await sleep(QUIET)
      expect(runs).toBe(2)
      expect(errors).toEqual([failure])
    })

    it('uninstall() cancels every task and schedule, so nothing runs afterwards', async () => {
      const { host } = start()
      let runs = 0
      AsyncHelper.scheduleAtFixRate(PERIOD, () => void runs++)
      task(() => void runs++)
      stop(host)
      await sleep(QUIET)
      expect(runs).toBe(0)
    })
  },
}
