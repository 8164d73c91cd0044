import { describe, expect, test } from 'vitest'
import { IllegalStateException, SimpleQuery } from '../../../src/index.js'
import { currentRuntime } from '../../../src/runtime-contract/index.js'
import { createTestHost } from '../../../src/testing/index.js'
import { SHOP, refused } from '../hosts.js'

describe('createTestHost', () => {
  test('describes itself with the platform version 1.0.0-beta18, library line 0.0.5 and dynamic linkage by default', () => {
    expect(createTestHost().description).toEqual({
      name: 'reference-host',
      platformVersion: '1.0.0-beta18',
      libraryLine: '0.0.5',
      linkage: 'dynamic',
    })
  })

  test('takes a name, platform version, library line and linkage', () => {
    const host = createTestHost({
      name: 'mine',
      platformVersion: '1.0.0-beta20',
      libraryLine: '1.0.0',
      linkage: 'static',
    })
    expect(host.description).toEqual({
      name: 'mine',
      platformVersion: '1.0.0-beta20',
      libraryLine: '1.0.0',
      linkage: 'static',
    })
  })

  test('reports every problem of the domain definitions at once', () => {
    const text = refused(() =>
      createTestHost({
        domains: {
          Order: {
            fields: {
              status: 'TEXT' as never,
              customer: { type: 'DOMAIN_OBJECT', domain: 'Customer' },
              lines: { type: 'DOMAIN_OBJECT_LIST' },
              constructor: 'STRING' as never,
              total: { type: 'DOUBLE', requird: true } as never,
            },
            labelField: 'title',
          },
        },
      }),
    )
    expect(text).toContain('6 problems')
    expect(text).toContain('Order.status: unknown type "TEXT"')
    expect(text).toContain('Order.customer: references the unknown domain "Customer"')
    expect(text).toContain('Order.lines: a DOMAIN_OBJECT_LIST field names the referenced domain')
    expect(text).toContain('"Order.constructor": the name is refused')
    expect(text).toContain('Order.total: unknown option "requird"')
    expect(text).toContain('labelField "title" is not one of its fields')
  })

  test('refuses a default the field cannot take, naming each', () => {
    const text = refused(() =>
      createTestHost({
        domains: {
          Tag: { fields: { name: 'STRING' } },
          Order: {
            fields: {
              open: { type: 'BOOLEAN', default: 'yes' as never },
              qty: { type: 'INTEGER', default: 2 ** 31 },
              note: { type: 'STRING', default: null as never },
              placedAt: { type: 'ZONED_DATETIME', default: '2025-01-01T00:00:00Z' },
              tag: { type: 'DOMAIN_OBJECT', domain: 'Tag', default: 1 } as never,
              id: { type: 'LONG', default: 5 },
              code: { type: 'STRING', required: true, default: '' },
            },
          },
        },
      }),
    )
    expect(text).toContain('7 problems')
    expect(text).toContain('Order.id: id takes no default (the platform assigns it)')
    expect(text).toContain(
      'Order.code: default is an empty string, which a required field refuses on every create',
    )
    expect(text).toContain('Order.open: default must be a boolean (true or false), got the string "yes"')
    expect(text).toContain(
      'Order.qty: default must be an integer from -2147483648 to 2147483647 (a number or a bigint), got the number 2147483648',
    )
    expect(text).toContain('Order.note: default is null; leave default out for a field that starts empty')
    expect(text).toContain(
      'Order.placedAt: a ZONED_DATETIME field takes no default (only STRING, JSON_STRING',
    )
    expect(text).toContain('Order.tag: a DOMAIN_OBJECT field takes no default')
  })

  test('refuses prototype-polluting domain and field names from a parsed definition', () => {
    const domains = JSON.parse(
      '{"__proto__": {"fields": {}}, "Tag": {"fields": {"__proto__": "STRING", "prototype": "STRING"}}}',
    )
    const text = refused(() => createTestHost({ domains }))
    expect(text).toContain('domain "__proto__"')
    expect(text).toContain('"Tag.__proto__"')
    expect(text).toContain('"Tag.prototype"')
    expect(({} as Record<string, unknown>)['fields']).toBeUndefined()
  })

  test('reports every problem of the other options at once, unknown options included', () => {
    const text = refused(() =>
      createTestHost({ linkage: 'java', tenants: [], onError: 'log', domian: {} } as never),
    )
    expect(text).toMatch(/unknown option "domian"/)
    expect(text).toMatch(/linkage must be/)
    expect(text).toMatch(/tenants must be/)
    expect(text).toMatch(/onError must be/)
  })
})

describe('install and uninstall', () => {
  test('install binds the host and returns it; uninstall unbinds it', () => {
    const host = createTestHost({ domains: SHOP })
    expect(host.install()).toBe(host)
    expect(host.installed).toBe(true)
    expect(currentRuntime()?.description.name).toBe('reference-host')
    expect(SimpleQuery.count('Label')).toBe(0)
    host.uninstall()
    expect(host.installed).toBe(false)
    expect(() => SimpleQuery.count('Label')).toThrow(IllegalStateException)
  })

  test('using uninstalls the host at the end of the block', () => {
    {
      using host = createTestHost({ domains: SHOP }).install()
      expect(host.installed).toBe(true)
    }
    expect(currentRuntime()).toBeUndefined()
  })

  test('a second host refuses to install while one is bound, naming both', () => {
    using first = createTestHost({ name: 'first-host' }).install()
    const second = createTestHost({ name: 'second-host' })
    expect(() => second.install()).toThrow(IllegalStateException)
    expect(() => second.install()).toThrow(/'second-host'.*'first-host'/)
    expect(first.installed).toBe(true)
  })

  test('installing the same host twice is harmless, and it can be installed again after uninstall', () => {
    const host = createTestHost({ domains: SHOP })
    host.install().install()
    host.uninstall()
    host.install()
    expect(host.installed).toBe(true)
    host.uninstall()
  })

  test('data survives uninstall and install', () => {
    const host = createTestHost({ domains: SHOP, seed: { Label: [{ name: 'kept' }] } })
    host.install()
    host.uninstall()
    host.install()
    expect(SimpleQuery.count('Label')).toBe(1)
    host.uninstall()
  })
})
