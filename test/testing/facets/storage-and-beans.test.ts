import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import {
  BeanContainer,
  DomainHelper,
  IllegalArgumentException,
  IllegalStateException,
  NoSuchBeanDefinitionException,
  SimpleQuery,
  StorageUtils,
  VendorPlatformComponent,
} from '../../../src/index.js'
import { createTestHost } from '../../../src/testing/index.js'
import { installHost } from '../hosts.js'

const directories: string[] = []
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true })
})

describe('StorageUtils on the reference host', () => {
  test('stores the bytes in memory and returns a StorageFieldValue', () => {
    const host = installHost()
    const file = StorageUtils.createStorageFileDomain('report.csv', 'text/csv', 'a,b\n1,2\n')
    expect(file).toEqual({
      id: expect.any(Number),
      fileName: 'report.csv',
      mimeType: 'text/csv',
      displaySequence: 0,
      description: null,
      key: `files/${file.id}`,
      storageEngine: 'memory',
    })
    expect(new TextDecoder().decode(host.readStoredFile(file.key))).toBe('a,b\n1,2\n')
  })

  test('stores the bytes in a directory when asked', () => {
    const directory = mkdtempSync(join(tmpdir(), 'reference-host-'))
    directories.push(directory)
    const host = installHost({ storage: { kind: 'directory', path: directory } })
    const file = StorageUtils.createStorageFileDomain(
      'logo.png',
      'image/png',
      new Uint8Array([137, 80, 78, 71]),
    )
    expect(file.storageEngine).toBe('local')
    expect([...readFileSync(join(directory, file.key))]).toEqual([137, 80, 78, 71])
    expect([...host.readStoredFile(file.key)]).toEqual([137, 80, 78, 71])
  })

  test('a storage directory that is a file is refused by createTestHost, before anything is stored', () => {
    const directory = mkdtempSync(join(tmpdir(), 'reference-host-'))
    directories.push(directory)
    const file = join(directory, 'not-a-directory')
    writeFileSync(file, 'x')
    expect(() => createTestHost({ storage: { kind: 'directory', path: file } })).toThrow(
      /storage\.path ".*not-a-directory" is a file, not a directory; give a directory \(it is created when missing\)/,
    )
  })

  test('a missing storage directory is created when the host is', () => {
    const directory = mkdtempSync(join(tmpdir(), 'reference-host-'))
    directories.push(directory)
    const path = join(directory, 'nested', 'files')
    createTestHost({ storage: { kind: 'directory', path } })
    expect(statSync(path).isDirectory()).toBe(true)
  })

  test('a file name or MIME type holding a NUL character is refused, as a STRING field refuses it, and nothing is stored', () => {
    const host = installHost()
    expect(() => StorageUtils.createStorageFileDomain('a\u0000.txt', 'text/plain', 'x')).toThrow(
      /fileName "a\\u0000\.txt" holds a NUL character or an unpaired surrogate, which the platform's database \(PostgreSQL text\) cannot store; remove it\. Nothing was stored\./,
    )
    expect(() => StorageUtils.createStorageFileDomain('a.txt', 'text/\u0000', 'x')).toThrow(
      IllegalArgumentException,
    )
    expect(() => host.readStoredFile('files/1')).toThrow(/Nothing has been stored yet/)
  })

  test('a detached ArrayBuffer, or a Uint8Array over one, is an IllegalArgumentException that says why', () => {
    installHost()
    const buffer = new Uint8Array([1, 2, 3]).buffer
    structuredClone(buffer, { transfer: [buffer] })
    expect(() => StorageUtils.createStorageFileDomain('a.bin', 'application/octet-stream', buffer)).toThrow(
      /was given a detached ArrayBuffer: its bytes were transferred away/,
    )
    const view = new Uint8Array([1, 2, 3])
    structuredClone(view.buffer, { transfer: [view.buffer] })
    for (const content of [view, [new Uint8Array([9]), view]]) {
      expect(() =>
        StorageUtils.createStorageFileDomain('a.bin', 'application/octet-stream', content),
      ).toThrow(/was given a Uint8Array over a detached ArrayBuffer/)
    }
  })

  test('readStoredFile says the key must be a string, the StorageFieldValue key', () => {
    const host = installHost()
    expect(() => host.readStoredFile(null as never)).toThrow(
      'host.readStoredFile expects the key as a string, the key of the StorageFieldValue (file.key), got null.',
    )
  })

  test('a stored file can be assigned to a FILE field and reads back', () => {
    installHost()
    const file = StorageUtils.createStorageFileDomain(
      'invoice.pdf',
      'application/pdf',
      new Uint8Array([1, 2]),
    )
    const purchase = DomainHelper.buildDomain('Purchase', { number: 'P-1', status: 'OPEN', invoice: file })
    DomainHelper.createDomain(purchase)
    expect(SimpleQuery.getById('Purchase', purchase.id)?.['invoice']).toEqual(file)
  })

  test('the file name is never part of the storage key', () => {
    const host = installHost()
    const file = StorageUtils.createStorageFileDomain('../../etc/passwd', 'text/plain', 'x')
    expect(file.key).toBe(`files/${file.id}`)
    expect(file.fileName).toBe('../../etc/passwd')
    expect(() => host.readStoredFile('../../etc/passwd')).toThrow(IllegalArgumentException)
  })
})

describe('BeanContainer on the reference host', () => {
  abstract class Mailer {
    abstract send(to: string): string
  }
  class SmtpMailer extends Mailer {
    send(to: string): string {
      return `smtp:${to}`
    }
  }
  class Clock {}

  test('resolves a bean the host registered, by class or superclass', () => {
    const mailer = new SmtpMailer()
    installHost({ beans: [mailer, new Clock()] })
    expect(BeanContainer.getBean(Mailer)).toBe(mailer)
    expect(BeanContainer.getBean(SmtpMailer).send('ann')).toBe('smtp:ann')
    expect(BeanContainer.getBeansOfType(Mailer)).toEqual([mailer])
  })

  test('getBean with no bean of the type is a NoSuchBeanDefinitionException', () => {
    installHost()
    expect(() => BeanContainer.getBean(Clock)).toThrow(NoSuchBeanDefinitionException)
    expect(BeanContainer.getBeansOfType(Clock)).toEqual([])
  })

  test('getBean with several beans of the type is a NoSuchBeanDefinitionException naming them', () => {
    installHost({ beans: [new SmtpMailer(), new SmtpMailer()] })
    expect(() => BeanContainer.getBean(Mailer)).toThrow(/found 2: SmtpMailer, SmtpMailer/)
    expect(BeanContainer.getBeansOfType(Mailer)).toHaveLength(2)
  })

  test('resolves the beans a plugin registered, its components included', () => {
    const host = installHost()
    class Exporter extends VendorPlatformComponent {}
    const mailer = new SmtpMailer()
    host.loadPlugin({
      manifest: { name: 'mail', version: '1.0.0', dependsOnPlugins: ['PlatformAdapter'] },
      components: [Exporter],
      beans: [mailer],
    })
    expect(BeanContainer.getBean(Mailer)).toBe(mailer)
    expect(BeanContainer.getBean(Exporter)).toBeInstanceOf(Exporter)
    host.unloadPlugin('mail')
    expect(BeanContainer.getBeansOfType(Mailer)).toEqual([])
  })

  test('plugin code whose manifest lacks PlatformAdapter is refused, with what to add', () => {
    const host = installHost({ beans: [new Clock()] })
    let failure: unknown
    class NeedsBeans extends VendorPlatformComponent {
      override onLoad(): void {
        try {
          BeanContainer.getBean(Clock)
        } catch (error) {
          failure = error
        }
      }
    }
    host.loadPlugin({
      manifest: { name: 'no-adapter', version: '1.0.0', dependsOnPlugins: [] },
      components: [NeedsBeans],
    })
    expect(IllegalStateException.is(failure)).toBe(true)
    expect((failure as Error).message).toContain('Add "PlatformAdapter" to vendorPlugin.dependsOnPlugins')
    expect(() => host.runAs({ plugin: 'no-adapter' }, () => BeanContainer.getBeansOfType(Clock))).toThrow(
      IllegalStateException,
    )
  })

  test('plugin code whose manifest lists PlatformAdapter gets its beans', () => {
    const clock = new Clock()
    const host = installHost({ beans: [clock] })
    host.loadPlugin({
      manifest: { name: 'with-adapter', version: '1.0.0', dependsOnPlugins: ['PlatformAdapter'] },
    })
    expect(host.runAs({ plugin: 'with-adapter' }, () => BeanContainer.getBean(Clock))).toBe(clock)
  })

  test('test code outside any plugin is not checked', () => {
    const clock = new Clock()
    installHost({ beans: [clock] })
    expect(BeanContainer.getBean(Clock)).toBe(clock)
  })
})
