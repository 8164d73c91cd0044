import { describe, expectTypeOf, test } from 'vitest'
import * as declared from '../../src/index.js'
import * as runtime from '../../src/profiles/runtime-1.0.0-beta18/index.js'
import * as runtimeV1 from '../../src/profiles/runtime-1.0.0-beta18/v1.js'
import * as v1 from '../../src/v1/index.js'

const { AsyncHelper, MessageHelper, Notification, MessageSeverity } = runtime
const ann: runtime.PlatformUser = { id: 7, username: 'ann' }
const work = (): void => undefined

describe('AsyncHelper under the runtime profile', () => {
  test('the overloads the runtime lacks do not exist', () => {
    // @ts-expect-error task(boolean, Runnable) is absent at runtime
    AsyncHelper.task(true, work)
    // @ts-expect-error task(ExecutorService, Runnable) is absent at runtime
    AsyncHelper.task({ execute: work, shutdown: work, isShutdown: () => false }, work)
    // @ts-expect-error newForkJoinPool(int) is absent at runtime
    AsyncHelper.newForkJoinPool(4)
  })

  test('task(Runnable) returns the Thread the runtime returns', () => {
    expectTypeOf(AsyncHelper.task(work)).toEqualTypeOf<runtime.Thread>()
    expectTypeOf(declared.AsyncHelper.task(work)).toEqualTypeOf<void>()
  })

  test('the runtime’s 1.0.0-series methods are typed by ./v1, not by the 0.0.5 root, as vendor-api check has it', () => {
    // @ts-expect-error task(threadName, runnable) is 1.0.0-series API: import AsyncHelper from '@tech-vendor/api/v1'
    AsyncHelper.task('export', work)
    // @ts-expect-error supplyAsync is 1.0.0-series API: import AsyncHelper from '@tech-vendor/api/v1'
    AsyncHelper.supplyAsync(() => 42)
    expectTypeOf(runtimeV1.AsyncHelper.task('export', work)).toEqualTypeOf<runtime.Thread>()
    expectTypeOf(runtimeV1.AsyncHelper.supplyAsync(() => 42)).toEqualTypeOf<Promise<number>>()
    expectTypeOf(AsyncHelper.scheduleAtFixRate(1000, work)).toEqualTypeOf<{ run(): void }>()
  })
})

describe('MessageHelper and Notification under the runtime profile', () => {
  test('pushNotification does not exist', () => {
    // @ts-expect-error pushNotification is absent at runtime
    MessageHelper.pushNotification(new declared.Notification({ content: 'x', toUserName: 'ann' }))
  })

  test('pushMessage takes a Notification whose recipient is toUser', () => {
    expectTypeOf(MessageHelper.pushMessage).parameter(0).toEqualTypeOf<runtime.Notification>()
    MessageHelper.pushMessage(
      new Notification({ content: 'Export ready', severity: MessageSeverity.INFO, toUser: ann }),
    )
    expectTypeOf(new Notification({ content: 'x', toUser: ann }).toUser).toEqualTypeOf<
      runtime.PlatformUser | null | undefined
    >()
  })

  test('the runtime Notification has no toUserName', () => {
    // @ts-expect-error the runtime's Notification names the recipient toUser
    new Notification({ content: 'x', toUserName: 'ann' })
    // @ts-expect-error toUser is the recipient: a user object, not a username
    new Notification({ content: 'x', toUser: 'ann' })
    // @ts-expect-error no toUserName on the runtime's Notification
    void new Notification({ content: 'x', toUser: ann }).toUserName
  })
})

describe('everything else is the root declaration itself', () => {
  test('the facades that do not differ are the same types', () => {
    expectTypeOf(runtime.SimpleQuery).toEqualTypeOf(declared.SimpleQuery)
    expectTypeOf(runtime.BeanContainer).toEqualTypeOf(declared.BeanContainer)
    expectTypeOf<runtime.DomainRegistry>().toEqualTypeOf<declared.DomainRegistry>()
    expectTypeOf(runtime.IllegalStateException).toEqualTypeOf(declared.IllegalStateException)
  })

  test('the v1 profile keeps the 1.0.0-series AsyncHelper and re-types MessageHelper', () => {
    expectTypeOf(runtimeV1.AsyncHelper).toEqualTypeOf(v1.AsyncHelper)
    expectTypeOf(runtimeV1.VendorDynamicController).toEqualTypeOf(v1.VendorDynamicController)
    expectTypeOf(runtimeV1.MessageHelper).toEqualTypeOf(runtime.MessageHelper)
    // @ts-expect-error pushNotification is absent at runtime, in the 1.0.0 series too
    runtimeV1.MessageHelper.pushNotification(new v1.Notification({ content: 'x' }))
  })
})
