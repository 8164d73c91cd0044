import { describe, expectTypeOf, it } from 'vitest'
import {
  BeanContainer,
  DynamicDomainEntity,
  QueryHelper,
  StorageUtils,
  VendorPlatformComponent,
  VendorWebSocketComponent,
  type GroovyRowResult,
  type Session,
  type StorageFieldValue,
  type SynchronousResult,
  type TransactionStatus,
  type WebSocketMessage,
  type WebSocketSession,
} from '../../src/index.js'

describe('QueryHelper closures are synchronous', () => {
  it('returns what the closure returns, with the context the platform passes', () => {
    expectTypeOf(QueryHelper.withSession((session) => (session.flush(), 1))).toEqualTypeOf<number>()
    expectTypeOf(QueryHelper.withNewSession((session) => session)).toEqualTypeOf<Session>()
    expectTypeOf(QueryHelper.withTransaction((status) => status.isRollbackOnly())).toEqualTypeOf<boolean>()
    expectTypeOf(QueryHelper.withTransaction((status) => status)).toEqualTypeOf<TransactionStatus>()
    expectTypeOf(QueryHelper.withTransaction(() => {})).toEqualTypeOf<void>()
    expectTypeOf(QueryHelper.withSql((sql) => sql.rows('select 1'))).toEqualTypeOf<GroovyRowResult[]>()
    expectTypeOf(
      QueryHelper.withTransaction(() => QueryHelper.withSession(() => 'nested')),
    ).toEqualTypeOf<string>()
  })

  it('rejects a closure that returns a Promise or another thenable', () => {
    // @ts-expect-error: the transaction would commit before the async work runs
    QueryHelper.withTransaction(async () => {})
    // @ts-expect-error: the session would close before the Promise settles
    QueryHelper.withSession(() => Promise.resolve(1))
    // @ts-expect-error: the new session would close before the Promise settles
    QueryHelper.withNewSession(async (session) => session.flush())
    // @ts-expect-error: a thenable is as bad as a Promise
    QueryHelper.withSql(() => ({ then: (resolve: (value: number) => void) => resolve(1) }))
    // @ts-expect-error: a closure that may return a Promise is rejected too
    QueryHelper.withTransaction((status) => (status.isRollbackOnly() ? 1 : Promise.resolve(2)))
  })

  it('explains the rejection in the type itself', () => {
    expectTypeOf<SynchronousResult<number>>().toEqualTypeOf<number>()
    expectTypeOf<SynchronousResult<Promise<number>>>().toExtend<string>()
    expectTypeOf<SynchronousResult<Promise<number>>>().not.toEqualTypeOf<Promise<number>>()
  })
})

describe('StorageUtils takes every synchronous InputStream form', () => {
  it('accepts bytes, a buffer, text and chunks, and returns the stored file', () => {
    expectTypeOf(
      StorageUtils.createStorageFileDomain('a.bin', 'application/octet-stream', new Uint8Array(1)),
    ).toEqualTypeOf<StorageFieldValue>()
    StorageUtils.createStorageFileDomain('a.bin', 'application/octet-stream', Buffer.from('x'))
    StorageUtils.createStorageFileDomain('a.bin', 'application/octet-stream', new ArrayBuffer(4))
    StorageUtils.createStorageFileDomain('a.txt', 'text/plain', 'text')
    StorageUtils.createStorageFileDomain('a.txt', 'text/plain', [new Uint8Array(1), Buffer.from('y')])
  })

  it('rejects what is not an InputStream', () => {
    // @ts-expect-error: a number is not content
    StorageUtils.createStorageFileDomain('a.txt', 'text/plain', 42)
    // @ts-expect-error: chunks are Uint8Array, not strings
    StorageUtils.createStorageFileDomain('a.txt', 'text/plain', ['a', 'b'])
    // @ts-expect-error: the API is synchronous: read a Promise first
    StorageUtils.createStorageFileDomain('a.txt', 'text/plain', Promise.resolve(new Uint8Array(1)))
    // @ts-expect-error: the MIME type is required
    StorageUtils.createStorageFileDomain('a.txt', new Uint8Array(1))
  })
})

describe('BeanContainer is typed by the class', () => {
  abstract class MailService {
    abstract send(to: string): void
  }

  it('returns the instance type', () => {
    expectTypeOf(BeanContainer.getBean(MailService)).toEqualTypeOf<MailService>()
    expectTypeOf(BeanContainer.getBeansOfType(MailService)).toEqualTypeOf<MailService[]>()
    // @ts-expect-error: beans are looked up by class, not by name
    BeanContainer.getBean('mailService')
  })
})

describe('extension points', () => {
  it('a VendorPlatformComponent subclass overrides only what it needs', () => {
    class Quiet extends VendorPlatformComponent {}
    class Loud extends VendorPlatformComponent {
      override onLoad(): void {}
    }
    expectTypeOf(new Quiet().onLoad()).toEqualTypeOf<void>()
    expectTypeOf(new Loud().offLoad).toEqualTypeOf<() => void>()
    expectTypeOf<ConstructorParameters<typeof VendorPlatformComponent>>().toEqualTypeOf<[]>()
  })

  it('a VendorWebSocketComponent must give a path and handle messages', () => {
    class Echo extends VendorWebSocketComponent {
      readonly path = '/echo'
      onMessage(session: WebSocketSession, message: WebSocketMessage): void {
        session.sendMessage(message)
      }
    }
    expectTypeOf(new Echo().path).toEqualTypeOf<string>()
    expectTypeOf(new Echo().onClose).parameters.toEqualTypeOf<[WebSocketSession, number, string]>()
    // @ts-expect-error: abstract: a plugin extends it
    new VendorWebSocketComponent()
    // @ts-expect-error: path and onMessage are missing
    class Incomplete extends VendorWebSocketComponent {}
    expectTypeOf<Incomplete>().not.toBeAny()
  })

  it('a DynamicDomainEntity names its domain statically and declares its fields', () => {
    class Invoice extends DynamicDomainEntity {
      static override readonly domainName = 'BillingInvoice'
      declare total: number
    }
    expectTypeOf(Invoice.domainName).toEqualTypeOf<string>()
    expectTypeOf(new Invoice().id).toEqualTypeOf<number>()
    // @ts-expect-error: abstract: a plugin class extends it
    new DynamicDomainEntity()
  })
})
