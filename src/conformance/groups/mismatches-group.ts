import { describe, expect, it } from 'vitest'
import { AsyncHelper } from '../../api/async-helper.js'
import type { ExecutorService } from '../../model/java-types.js'
import { MessageHelper } from '../../api/message-helper.js'
import { Notification } from '../../model/notification.js'
import { SimpleQuery } from '../../api/simple-query.js'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import { MissingMethodException } from '../../errors/missing-method-exception.js'
import { NoSuchMethodError } from '../../errors/no-such-method-error.js'
import type { Linkage } from '../../runtime-contract/runtime-description.js'
import { ITEM } from '../conformance-domains.js'
import type { GroupDefinition } from './group-definition.js'
import { catchError, task } from './test-helpers.js'

const LINKAGES: readonly Linkage[] = ['dynamic', 'static']

const TASK_CODE = 'TECH_VENDOR_API_ASYNCHELPER_TASK'
const SCHEDULE_CODE = 'TECH_VENDOR_API_ASYNCHELPER_SCHEDULEATFIXRATE'

const executor: ExecutorService = {
  execute: () => undefined,
  shutdown: () => undefined,
  isShutdown: () => false,
}

/** A declared member the platform runtime lacks, with how each linkage reports it. */
interface AbsentMember {
  readonly call: string
  readonly invoke: (ran: () => void) => unknown
  /** The JVM descriptor `NoSuchMethodError` names under static linkage. */
  readonly descriptor: string
  /** The method Groovy's `MissingMethodException` names under dynamic linkage. */
  readonly groovy: string
}

const ABSENT: readonly AbsentMember[] = [
  {
    call: 'AsyncHelper.task(boolean, Runnable)',
    invoke: (ran) => AsyncHelper.task(true, ran),
    descriptor: 'tech.vendor.api.AsyncHelper.task(ZLjava/lang/Runnable;)V',
    groovy: 'static tech.vendor.api.AsyncHelper.task()',
  },
  {
    call: 'AsyncHelper.task(ExecutorService, Runnable)',
    invoke: (ran) => AsyncHelper.task(executor, ran),
    descriptor:
      'tech.vendor.api.AsyncHelper.task(Ljava/util/concurrent/ExecutorService;Ljava/lang/Runnable;)V',
    groovy: 'static tech.vendor.api.AsyncHelper.task()',
  },
  {
    call: 'AsyncHelper.newForkJoinPool(int)',
    invoke: () => AsyncHelper.newForkJoinPool(4),
    descriptor: 'tech.vendor.api.AsyncHelper.newForkJoinPool(I)Ljava/util/concurrent/ForkJoinPool;',
    groovy: 'static tech.vendor.api.AsyncHelper.newForkJoinPool()',
  },
  {
    call: 'MessageHelper.pushNotification(Notification)',
    invoke: () => MessageHelper.pushNotification(new Notification({ content: 'hi', toUserName: 'ann' })),
    descriptor: 'tech.vendor.api.MessageHelper.pushNotification(Ltech/vendor/api/Notification;)V',
    groovy: 'static tech.vendor.api.MessageHelper.pushNotification()',
  },
]

/** SPEC §4: the documented mismatches between the declared artifact and the platform runtime, under both linkages. */
export const mismatchesGroup: GroupDefinition = {
  group: 'mismatches',
  title: 'documented mismatches and the binding (SPEC §4)',
  register({ start, stop, create, deprecations }) {
    for (const linkage of LINKAGES) {
      describe(`under ${linkage} linkage`, () => {
        const expected = linkage === 'dynamic' ? 'MissingMethodException' : 'NoSuchMethodError'

        for (const member of ABSENT) {
          it(`${member.call} is absent at runtime: ${expected}`, async () => {
            const { host } = start({ linkage })
            let ran = false
            const error = catchError(() => member.invoke(() => void (ran = true)))
            if (linkage === 'dynamic') {
              expect(
                MissingMethodException.is(error),
                `expected MissingMethodException, got ${String(error)}`,
              ).toBe(true)
              expect((error as Error).message).toContain(`No signature of method: ${member.groovy}`)
            } else {
              expect(NoSuchMethodError.is(error), `expected NoSuchMethodError, got ${String(error)}`).toBe(
                true,
              )
              expect((error as Error).message).toContain(member.descriptor)
            }
            await host.whenIdle()
            expect(ran).toBe(false)
          })
        }

        if (linkage === 'dynamic') {
          it('task(Runnable) works and returns the runtime’s Thread handle', async () => {
            const { host } = start({ linkage })
            let ran = false
            const thread = task(() => void (ran = true))
            expect(typeof thread.getName()).toBe('string')
            await thread.join()
            expect(ran).toBe(true)
            expect(thread.isAlive()).toBe(false)
            await host.whenIdle()
          })
        } else {
          it('task(Runnable) is a NoSuchMethodError: 0.0.5 declares void, the runtime returns Thread', async () => {
            const { host } = start({ linkage })
            let ran = false
            const error = catchError(() => AsyncHelper.task(() => void (ran = true)))
            expect(NoSuchMethodError.is(error), `expected NoSuchMethodError, got ${String(error)}`).toBe(true)
            expect((error as Error).message).toContain(
              'tech.vendor.api.AsyncHelper.task(Ljava/lang/Runnable;)V',
            )
            await host.whenIdle()
            expect(ran).toBe(false)
          })
        }

        const warned =
          linkage === 'dynamic'
            ? 'scheduleAtFixRate and task(Runnable) warn once per member for each host bound (DeprecationWarning)'
            : 'scheduleAtFixRate warns once for each host bound (DeprecationWarning); task(Runnable) fails before warning'
        it(warned, async () => {
          const codes = (): (string | undefined)[] => deprecations().map((w) => w.code)
          const first = start({ linkage }).host
          AsyncHelper.scheduleAtFixRate(60_000, () => undefined).run()
          AsyncHelper.scheduleAtFixRate(60_000, () => undefined).run()
          if (linkage === 'dynamic') {
            task(() => undefined)
            task(() => undefined)
          }
          await first.whenIdle()
          const once = linkage === 'dynamic' ? [SCHEDULE_CODE, TASK_CODE] : [SCHEDULE_CODE]
          expect(codes().sort()).toEqual(once)
          expect(deprecations().every((w) => /deprecated/i.test(w.message))).toBe(true)
          stop(first)
          start({ linkage })
          AsyncHelper.scheduleAtFixRate(60_000, () => undefined).run()
          expect(codes().filter((code) => code === SCHEDULE_CODE)).toHaveLength(2)
        })
      })
    }

    it('a second host refuses to install while one is bound', () => {
      start()
      const second = create().host
      let error: unknown
      try {
        second.install()
      } catch (caught) {
        error = caught
      }
      if (error === undefined) second.uninstall()
      expect(IllegalStateException.is(error), `expected IllegalStateException, got ${String(error)}`).toBe(
        true,
      )
      expect(SimpleQuery.count(ITEM)).toBe(0)
    })

    it('after uninstall() every facade call is an IllegalStateException: no runtime is bound', () => {
      const { host } = start()
      stop(host)
      const error = catchError(() => SimpleQuery.count(ITEM))
      expect(IllegalStateException.is(error), `expected IllegalStateException, got ${String(error)}`).toBe(
        true,
      )
      expect((error as Error).message).toMatch(/no runtime is bound/)
    })
  },
}
