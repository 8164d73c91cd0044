import { describe, expect, it } from 'vitest'
import { VendorPlatformComponent } from '../../src/index.js'
import { currentRuntime } from '../../src/runtime-contract/index.js'

describe('VendorPlatformComponent', () => {
  it('a plugin component constructs in a plain unit test, with no host bound', () => {
    class BillingComponent extends VendorPlatformComponent {}
    expect(currentRuntime()).toBeUndefined()
    const component = new BillingComponent()
    expect(component).toBeInstanceOf(VendorPlatformComponent)
    expect(new VendorPlatformComponent()).toBeInstanceOf(VendorPlatformComponent)
  })

  it('onLoad and offLoad are optional no-ops that can run any number of times', () => {
    const component = new (class extends VendorPlatformComponent {})()
    for (let reload = 0; reload < 3; reload++) {
      expect(component.onLoad()).toBeUndefined()
      expect(component.offLoad()).toBeUndefined()
    }
  })

  it('calls the overrides of a subclass, which a reload runs again', () => {
    const settings = new Map<string, string>()
    const log: string[] = []
    class Defaults extends VendorPlatformComponent {
      override onLoad(): void {
        // Repeatable: creates the setting only when it is missing.
        if (!settings.has('currency')) settings.set('currency', 'EUR')
        log.push('load')
      }
      override offLoad(): void {
        log.push('unload')
      }
    }
    const component = new Defaults()
    component.onLoad()
    component.offLoad()
    component.onLoad() // a plugin reload
    expect(log).toEqual(['load', 'unload', 'load'])
    expect([...settings]).toEqual([['currency', 'EUR']])
  })
})
