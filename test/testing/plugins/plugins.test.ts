import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AssertionError } from 'node:assert'
import { afterAll, afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  AsyncHelper,
  DomainHelper,
  IllegalArgumentException,
  IllegalStateException,
  SimpleQuery,
  VendorPlatformComponent,
} from '../../../src/index.js'
import { catchError, installHost } from '../hosts.js'

const directories: string[] = []
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true })
})

beforeEach(() => {
  vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const manifest = (name: string, dependsOnPlugins: string[] = ['PlatformAdapter']) => ({
  name,
  version: '1.0.0',
  dependsOnPlugins,
})

describe('loading plugins', () => {
  test('load constructs the components and calls onLoad in the plugin’s context', () => {
    const host = installHost()
    const calls: string[] = []
    class Startup extends VendorPlatformComponent {
      override onLoad(): void {
        calls.push(`onLoad as ${host.current().plugin}`)
      }
    }
    const plugin = host.loadPlugin({ manifest: manifest('orders'), components: [Startup] })
    expect(calls).toEqual(['onLoad as orders'])
    expect(plugin.components[0]).toBeInstanceOf(Startup)
    expect(host.plugins.map((p) => p.manifest.name)).toEqual(['orders'])
  })

  test('the manifest is read from the vendorPlugin field of package.json, name and version falling back to the package’s, apiVersion to 0.0.5', () => {
    const host = installHost()
    const plugin = host.loadPlugin({
      packageJson: {
        name: 'orders-plugin',
        version: '2.1.0',
        vendorPlugin: { dependsOnPlugins: ['PlatformAdapter'] },
      },
    })
    expect(plugin.manifest).toEqual({
      name: 'orders-plugin',
      version: '2.1.0',
      apiVersion: '0.0.5',
      dependsOnPlugins: ['PlatformAdapter'],
    })
  })

  test('the manifest can be read from a plugin directory', () => {
    const directory = mkdtempSync(join(tmpdir(), 'plugin-'))
    directories.push(directory)
    writeFileSync(
      join(directory, 'package.json'),
      JSON.stringify({
        name: 'pkg',
        version: '0.1.0',
        vendorPlugin: { name: 'billing', apiVersion: '1.0.0', dependsOnPlugins: [] },
      }),
    )
    const host = installHost()
    expect(host.loadPlugin({ directory }).manifest).toEqual({
      name: 'billing',
      version: '0.1.0',
      apiVersion: '1.0.0',
      dependsOnPlugins: [],
    })
  })

  test('a package.json without vendorPlugin is refused with what to add', () => {
    const host = installHost()
    expect(() => host.loadPlugin({ packageJson: { name: 'x', version: '1.0.0' } })).toThrow(
      /no vendorPlugin field/,
    )
  })

  test('a plugin whose dependency is not loaded is refused; PlatformAdapter is built in', () => {
    const host = installHost()
    const error = catchError(() =>
      host.loadPlugin({ manifest: manifest('reports', ['PlatformAdapter', 'orders']) }),
    )
    expect(IllegalStateException.is(error)).toBe(true)
    expect((error as Error).message).toContain("depends on 'orders', which is not loaded")
    host.loadPlugin({ manifest: manifest('orders') })
    expect(
      host.loadPlugin({ manifest: manifest('reports', ['PlatformAdapter', 'orders']) }).manifest.name,
    ).toBe('reports')
  })

  test('a plugin others depend on cannot be unloaded first', () => {
    const host = installHost()
    host.loadPlugin({ manifest: manifest('orders') })
    host.loadPlugin({ manifest: manifest('reports', ['orders']) })
    expect(() => host.unloadPlugin('orders')).toThrow(/'reports' depends on it/)
  })

  test('loading a plugin twice is refused', () => {
    const host = installHost()
    host.loadPlugin({ manifest: manifest('orders') })
    expect(() => host.loadPlugin({ manifest: manifest('orders') })).toThrow(/already loaded/)
  })

  test('a plugin whose onLoad throws is not loaded, and what loaded is unloaded', () => {
    const host = installHost()
    const calls: string[] = []
    class First extends VendorPlatformComponent {
      override onLoad(): void {
        calls.push('first on')
      }
      override offLoad(): void {
        calls.push('first off')
      }
    }
    class Broken extends VendorPlatformComponent {
      override onLoad(): void {
        throw new Error('cannot start')
      }
    }
    expect(() => host.loadPlugin({ manifest: manifest('broken'), components: [First, Broken] })).toThrow(
      'cannot start',
    )
    expect(calls).toEqual(['first on', 'first off'])
    expect(host.plugins).toEqual([])
  })

  test('an invalid manifest is refused listing every problem', () => {
    const host = installHost()
    const error = catchError(() =>
      host.loadPlugin({ manifest: { name: '', version: 3, dependsOnPlugins: 'PlatformAdapter' } as never }),
    )
    expect(IllegalArgumentException.is(error)).toBe(true)
    expect((error as Error).message).toMatch(
      /name must be.*\n.*version must be.*\n.*dependsOnPlugins must be/s,
    )
  })
})

describe('unloading and reloading', () => {
  test('unload calls offLoad and cancels the plugin’s schedules', async () => {
    vi.useFakeTimers()
    const host = installHost()
    let ticks = 0
    const calls: string[] = []
    class Ticker extends VendorPlatformComponent {
      override onLoad(): void {
        AsyncHelper.scheduleAtFixRate(100, () => void ticks++)
      }
      override offLoad(): void {
        calls.push('offLoad')
      }
    }
    host.loadPlugin({ manifest: manifest('ticker'), components: [Ticker] })
    await vi.advanceTimersByTimeAsync(250)
    expect(ticks).toBe(2)
    host.unloadPlugin('ticker')
    expect(calls).toEqual(['offLoad'])
    await vi.advanceTimersByTimeAsync(1000)
    expect(ticks).toBe(2)
  })

  test('reload is unload then load: offLoad, then onLoad of new component instances', () => {
    const host = installHost()
    const calls: string[] = []
    class Component extends VendorPlatformComponent {
      override onLoad(): void {
        calls.push('onLoad')
      }
      override offLoad(): void {
        calls.push('offLoad')
      }
    }
    const first = host.loadPlugin({ manifest: manifest('orders'), components: [Component] })
    const second = host.reloadPlugin('orders')
    expect(calls).toEqual(['onLoad', 'offLoad', 'onLoad'])
    expect(second.components[0]).not.toBe(first.components[0])
  })
})

describe('assertRepeatableOnLoad', () => {
  test('passes when onLoad looks its data up before creating it', () => {
    const host = installHost()
    class Seeder extends VendorPlatformComponent {
      override onLoad(): void {
        if (SimpleQuery.of('Label').eq('name', 'default').get() === null) {
          DomainHelper.createDomain(DomainHelper.buildDomain('Label', { name: 'default' }))
        }
      }
    }
    host.loadPlugin({ manifest: manifest('labels'), components: [Seeder] })
    expect(() => host.assertRepeatableOnLoad('labels')).not.toThrow()
    expect(SimpleQuery.count('Label')).toBe(1)
  })

  test('fails, naming the domain and ids, when onLoad creates its data again at each load', () => {
    const host = installHost()
    class Seeder extends VendorPlatformComponent {
      override onLoad(): void {
        DomainHelper.createDomain(DomainHelper.buildDomain('Label', { name: 'default' }))
      }
    }
    host.loadPlugin({ manifest: manifest('labels'), components: [Seeder] })
    const error = catchError(() => host.assertRepeatableOnLoad('labels'))
    expect(error).toBeInstanceOf(AssertionError)
    expect((error as Error).message).toMatch(
      /onLoad of plugin 'labels' is not repeatable.*\n.*tenant 'default', Label: created again: ids \d+/,
    )
  })

  test('fails when onLoad changes data it already wrote, unless the field is ignored', () => {
    const host = installHost()
    class Counter extends VendorPlatformComponent {
      override onLoad(): void {
        const client = SimpleQuery.of('Client').eq('name', 'loader').get()
        if (client === null)
          DomainHelper.createDomain(DomainHelper.buildDomain('Client', { name: 'loader', email: '0' }))
        else DomainHelper.updateDomain({ ...client, email: String(Number(client['email']) + 1) })
      }
    }
    host.loadPlugin({ manifest: manifest('counter'), components: [Counter] })
    expect(() => host.assertRepeatableOnLoad('counter')).toThrow(/Client: changed: \d+ \(email\)/)
    expect(() => host.assertRepeatableOnLoad('counter', { ignore: ['Client.email'] })).not.toThrow()
  })
})
