import { DomainHelper, SimpleQuery } from '@tech-vendor/api'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { findProduct } from '../src/index.js'
import { startOrderDesk } from './order-desk-host.js'

const MINUTE = 60_000

function setSetting(name: string, value: string): void {
  const setting = SimpleQuery.of('DeskSetting').eq('name', name).get()
  if (setting === null) throw new Error(`no setting ${name}`)
  DomainHelper.updateDomain({ ...setting, value })
}

describe('OrderDeskComponent.onLoad', () => {
  it('creates the default settings in the tenant it runs in', () => {
    using host = startOrderDesk()
    const settings = SimpleQuery.getAll('DeskSetting').map(({ name, value }) => ({ name, value }))
    expect(settings).toEqual([
      { name: 'lowStockThreshold', value: '2' },
      { name: 'stockCheckEveryMs', value: '60000' },
    ])
    expect(host.runAs({ tenant: 'globex' }, () => SimpleQuery.count('DeskSetting'))).toBe(0)
  })

  it('is repeatable: a reload changes no data', () => {
    using host = startOrderDesk()
    host.assertRepeatableOnLoad('order-desk')
    expect(SimpleQuery.count('DeskSetting')).toBe(2)
  })

  it('schedules the stock check with a method the runtime deprecates, and the host says so once', () => {
    using host = startOrderDesk()
    host.reloadPlugin('order-desk')

    const warnings = vi
      .mocked(process.emitWarning)
      .mock.calls.filter(([, options]) =>
        String((options as { code?: string } | undefined)?.code).includes('SCHEDULEATFIXRATE'),
      )
    expect(warnings).toHaveLength(1)
    expect(warnings[0]?.[0]).toContain('AsyncHelper.scheduleAtFixRate is deprecated at runtime')
  })

  it('keeps a setting an administrator changed', () => {
    using host = startOrderDesk()
    setSetting('lowStockThreshold', '5')
    host.reloadPlugin('order-desk')
    expect(SimpleQuery.of('DeskSetting').eq('name', 'lowStockThreshold').get()?.value).toBe('5')
  })
})

describe('the stock check', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('flags the active products at or below the threshold every minute', async () => {
    using host = startOrderDesk()
    expect(findProduct('Gadget')?.lowStock).toBeNull()

    await vi.advanceTimersByTimeAsync(MINUTE)

    const flagged = SimpleQuery.of('DeskProduct').eq('lowStock', true).listAll()
    expect(flagged.map((p) => p.name)).toEqual(['Gadget']) // Gizmo has no stock either, but is not on sale
    expect(host.errors).toEqual([])
  })

  it('clears the flag of a restocked product at the next run', async () => {
    using host = startOrderDesk()
    await vi.advanceTimersByTimeAsync(MINUTE)
    const gadget = findProduct('Gadget')
    if (gadget === null) throw new Error('Gadget is seeded')
    DomainHelper.updateDomain({ ...gadget, stock: 10 })

    await vi.advanceTimersByTimeAsync(MINUTE)

    expect(findProduct('Gadget')?.lowStock).toBe(false)
    expect(host.errors).toEqual([])
  })

  it('stops when the plugin unloads', async () => {
    using host = startOrderDesk()
    host.unloadPlugin('order-desk')

    await vi.advanceTimersByTimeAsync(10 * MINUTE)

    expect(SimpleQuery.of('DeskProduct').eq('lowStock', true).listAll()).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('runs at the period set when the plugin last loaded', async () => {
    using host = startOrderDesk()
    setSetting('stockCheckEveryMs', '1000')
    host.reloadPlugin('order-desk')

    await vi.advanceTimersByTimeAsync(1000)

    expect(findProduct('Gadget')?.lowStock).toBe(true)
    expect(vi.getTimerCount()).toBe(1) // the old schedule was cancelled by offLoad
  })
})
