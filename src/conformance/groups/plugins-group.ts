import { expect, it } from 'vitest'
import { BeanContainer } from '../../api/bean-container.js'
import { SimpleQuery } from '../../api/simple-query.js'
import { VendorPlatformComponent } from '../../api/vendor-platform-component.js'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import { TAG } from '../conformance-domains.js'
import type { ConformancePluginDefinition } from '../conformance-host.js'
import type { GroupDefinition } from './group-definition.js'
import { adapterOf, createOne, task } from './test-helpers.js'

const PLATFORM_ADAPTER = 'PlatformAdapter'
const WHAT = 'plugin loading and BeanContainer’s PlatformAdapter rule are'

abstract class Mailer {
  abstract send(to: string): string
}

class SmtpMailer extends Mailer {
  send(to: string): string {
    return `smtp:${to}`
  }
}

/** A bean a plugin registers. */
class InvoiceNumbers {
  next(): string {
    return 'INV-1'
  }
}

/** A plugin definition with the given name, dependencies, components and beans. */
function plugin(
  name: string,
  dependsOnPlugins: readonly string[],
  components: readonly (new () => object)[],
  beans: readonly object[] = [],
): ConformancePluginDefinition {
  return { manifest: { name, version: '1.0.0', dependsOnPlugins }, components, beans }
}

/** A lifecycle call a component saw, with the instance it was made on. */
type LifecycleCall = [call: 'onLoad' | 'offLoad', instance: object]

/** A component class that records each onLoad and offLoad in `calls`. */
function recordingLifecycle(calls: LifecycleCall[]): new () => VendorPlatformComponent {
  return class Component extends VendorPlatformComponent {
    override onLoad(): void {
      calls.push(['onLoad', this])
    }
    override offLoad(): void {
      calls.push(['offLoad', this])
    }
  }
}

/** What a call returned, or what it threw, so that plugin code can report it without failing its load. */
type Outcome = { readonly value: unknown } | { readonly error: unknown }

function outcomeOf(fn: () => unknown): Outcome {
  try {
    return { value: fn() }
  } catch (error) {
    return { error }
  }
}

/** Checks that an outcome is BeanContainer's refusal for a plugin without PlatformAdapter. */
function expectPlatformAdapterRefusal(outcome: Outcome | undefined, where: string): void {
  expect(outcome, `${where}: BeanContainer was not called`).toBeDefined()
  expect(outcome, `${where}: BeanContainer returned instead of throwing`).toHaveProperty('error')
  const error = (outcome as { error: unknown }).error
  expect(
    IllegalStateException.is(error),
    `${where}: expected IllegalStateException, got ${String(error)}`,
  ).toBe(true)
  const message = (error as Error).message
  expect(message, `${where}: the message must say to add PlatformAdapter`).toContain(PLATFORM_ADAPTER)
  expect(message, `${where}: the message must say where to add it`).toContain('dependsOnPlugins')
}

/**
 * SPEC §7.8: plugins load from their manifest and components, onLoad/offLoad, reload (onLoad runs again, so
 * it must be repeatable); and SPEC §7.7: BeanContainer in plugin code needs PlatformAdapter in
 * dependsOnPlugins.
 */
export const pluginsGroup: GroupDefinition = {
  group: 'plugins',
  title: 'plugins and BeanContainer’s PlatformAdapter rule (SPEC §7.8, §7.7; needs pluginLoader)',
  register({ start }) {
    it('load constructs each component with no argument and calls its onLoad once, in order, before it returns', (context) => {
      const { host } = start()
      const plugins = adapterOf(context, host, 'pluginLoader', WHAT)
      const created: object[] = []
      const constructorArguments: number[] = []
      const loaded: [string, object][] = []
      class First extends VendorPlatformComponent {
        constructor(...args: unknown[]) {
          super()
          constructorArguments.push(args.length)
          created.push(this)
        }
        override onLoad(): void {
          loaded.push(['First', this])
        }
      }
      class Second extends VendorPlatformComponent {
        constructor(...args: unknown[]) {
          super()
          constructorArguments.push(args.length)
          created.push(this)
        }
        override onLoad(): void {
          loaded.push(['Second', this])
        }
      }
      plugins.load(plugin('orders', [PLATFORM_ADAPTER], [First, Second]))
      expect(constructorArguments).toEqual([0, 0])
      expect(loaded.map(([name]) => name)).toEqual(['First', 'Second'])
      expect(loaded[0]?.[1]).toBeInstanceOf(First)
      expect(loaded[1]?.[1]).toBeInstanceOf(Second)
      expect(loaded.map(([, instance]) => instance)).toEqual(created)
    })

    it('unload calls offLoad once on each loaded component, and onLoad does not run again', (context) => {
      const { host } = start()
      const plugins = adapterOf(context, host, 'pluginLoader', WHAT)
      const calls: LifecycleCall[] = []
      const Component = recordingLifecycle(calls)
      plugins.load(plugin('orders', [PLATFORM_ADAPTER], [Component]))
      plugins.unload('orders')
      expect(calls.map(([call]) => call)).toEqual(['onLoad', 'offLoad'])
      expect(calls[1]?.[1], 'offLoad runs on the instance that was loaded').toBe(calls[0]?.[1])
    })

    it('reload calls offLoad, then onLoad on a new instance of each component', (context) => {
      const { host } = start()
      const plugins = adapterOf(context, host, 'pluginLoader', WHAT)
      const calls: LifecycleCall[] = []
      const Component = recordingLifecycle(calls)
      plugins.load(plugin('orders', [PLATFORM_ADAPTER], [Component]))
      plugins.reload('orders')
      expect(calls.map(([call]) => call)).toEqual(['onLoad', 'offLoad', 'onLoad'])
      const [first, stopped, second] = calls.map(([, instance]) => instance)
      expect(stopped, 'offLoad runs on the instance that was loaded').toBe(first)
      expect(second, 'a reload constructs the components again').not.toBe(first)
      expect(second).toBeInstanceOf(Component)
    })

    it('onLoad runs again at every reload, over the data it wrote before: a repeatable onLoad creates its data once', (context) => {
      const { host } = start()
      const plugins = adapterOf(context, host, 'pluginLoader', WHAT)
      const found: number[] = []
      const blind: number[] = []
      // Repeatable, as the platform requires: creates the default only when it is missing.
      class Defaults extends VendorPlatformComponent {
        override onLoad(): void {
          const existing = SimpleQuery.of(TAG).eq('name', 'plugin default').listAll().length
          found.push(existing)
          if (existing === 0) createOne(TAG, { name: 'plugin default' })
        }
      }
      // Not repeatable: creates its object again at each load.
      class Blind extends VendorPlatformComponent {
        override onLoad(): void {
          createOne(TAG, { name: 'blind' })
          blind.push(SimpleQuery.of(TAG).eq('name', 'blind').listAll().length)
        }
      }
      plugins.load(plugin('tags', [PLATFORM_ADAPTER], [Defaults, Blind]))
      plugins.reload('tags')
      plugins.reload('tags')
      expect(found, 'objects named "plugin default" that each onLoad found').toEqual([0, 1, 1])
      expect(blind, 'objects named "blind" after each onLoad').toEqual([1, 2, 3])
    })

    it('a plugin whose dependsOnPlugins names a plugin that is not loaded is refused and runs no onLoad; PlatformAdapter is built in', (context) => {
      const { host } = start()
      const plugins = adapterOf(context, host, 'pluginLoader', WHAT)
      const calls: string[] = []
      class Reports extends VendorPlatformComponent {
        override onLoad(): void {
          calls.push('reports onLoad')
        }
      }
      expect(() => plugins.load(plugin('reports', [PLATFORM_ADAPTER, 'orders'], [Reports]))).toThrow()
      expect(calls, 'onLoad of a refused plugin').toEqual([])
      plugins.load(plugin('orders', [PLATFORM_ADAPTER], []))
      plugins.load(plugin('reports', [PLATFORM_ADAPTER, 'orders'], [Reports]))
      expect(calls).toEqual(['reports onLoad'])
    })

    it('a plugin’s beans resolve through BeanContainer while it is loaded, and not after it is unloaded', (context) => {
      const { host } = start()
      const plugins = adapterOf(context, host, 'pluginLoader', WHAT)
      const numbers = new InvoiceNumbers()
      expect(BeanContainer.getBeansOfType(InvoiceNumbers)).toEqual([])
      plugins.load(plugin('billing', [PLATFORM_ADAPTER], [], [numbers]))
      expect(BeanContainer.getBean(InvoiceNumbers)).toBe(numbers)
      plugins.reload('billing')
      expect(BeanContainer.getBeansOfType(InvoiceNumbers), 'after a reload').toEqual([numbers])
      plugins.unload('billing')
      expect(BeanContainer.getBeansOfType(InvoiceNumbers), 'after the unload').toEqual([])
    })

    it('BeanContainer in a plugin without PlatformAdapter in dependsOnPlugins is an IllegalStateException that says to add it', (context) => {
      const { host } = start({ beans: [new SmtpMailer()] })
      const plugins = adapterOf(context, host, 'pluginLoader', WHAT)
      const outcomes: Outcome[] = []
      class UsesBeans extends VendorPlatformComponent {
        override onLoad(): void {
          outcomes.push(outcomeOf(() => BeanContainer.getBean(Mailer)))
          outcomes.push(outcomeOf(() => BeanContainer.getBeansOfType(Mailer)))
        }
      }
      plugins.load(plugin('billing', [], [UsesBeans], [new InvoiceNumbers()]))
      expectPlatformAdapterRefusal(outcomes[0], 'getBean in onLoad')
      expectPlatformAdapterRefusal(outcomes[1], 'getBeansOfType in onLoad')
    })

    it('with PlatformAdapter in dependsOnPlugins, BeanContainer in the plugin resolves the host’s beans and the plugin’s own', (context) => {
      const mailer = new SmtpMailer()
      const { host } = start({ beans: [mailer] })
      const plugins = adapterOf(context, host, 'pluginLoader', WHAT)
      const numbers = new InvoiceNumbers()
      const outcomes: Outcome[] = []
      class UsesBeans extends VendorPlatformComponent {
        override onLoad(): void {
          outcomes.push(outcomeOf(() => BeanContainer.getBean(Mailer)))
          outcomes.push(outcomeOf(() => BeanContainer.getBean(InvoiceNumbers)))
          outcomes.push(outcomeOf(() => BeanContainer.getBeansOfType(Mailer)))
        }
      }
      plugins.load(plugin('billing', [PLATFORM_ADAPTER], [UsesBeans], [numbers]))
      expect(outcomes).toEqual([{ value: mailer }, { value: numbers }, { value: [mailer] }])
    })

    it('the PlatformAdapter rule holds in all code a plugin runs: the AsyncHelper tasks it starts and its offLoad', async (context) => {
      const mailer = new SmtpMailer()
      const { host } = start({ beans: [mailer] })
      const plugins = adapterOf(context, host, 'pluginLoader', WHAT)
      const outcomes: Record<string, Outcome> = {}
      const componentOf = (name: string): new () => object =>
        class extends VendorPlatformComponent {
          override onLoad(): void {
            task(() => void (outcomes[`${name} task`] = outcomeOf(() => BeanContainer.getBean(Mailer))))
          }
          override offLoad(): void {
            outcomes[`${name} offLoad`] = outcomeOf(() => BeanContainer.getBean(Mailer))
          }
        }
      plugins.load(plugin('without', [], [componentOf('without')]))
      plugins.load(plugin('with', [PLATFORM_ADAPTER], [componentOf('with')]))
      await host.whenIdle()
      plugins.unload('without')
      plugins.unload('with')
      expectPlatformAdapterRefusal(outcomes['without task'], 'getBean in a task of a plugin without it')
      expectPlatformAdapterRefusal(outcomes['without offLoad'], 'getBean in offLoad of a plugin without it')
      expect(outcomes['with task']).toEqual({ value: mailer })
      expect(outcomes['with offLoad']).toEqual({ value: mailer })
    })
  },
}
