import { AsyncLocalStorage, executionAsyncResource } from 'node:async_hooks'
import { afterEach, describe, expect, test } from 'vitest'
import {
  AsyncHelper,
  DomainHelper,
  IllegalArgumentException,
  IllegalStateException,
  SimpleQuery,
  VendorPlatformComponent,
} from '../../../src/index.js'
import { createTestHost, type TestHost } from '../../../src/testing/index.js'
import { collectGarbage } from '../../collect-garbage.js'
import { runModuleScript } from '../../run-module-script.js'

const DOMAINS = { Note: { fields: { text: 'STRING' } } } as const

const started: TestHost[] = []

/** A host for this test, uninstalled after it (if the test has not done so). */
function host(name: string, options: Parameters<typeof createTestHost>[0] = {}): TestHost {
  const made = createTestHost({ name, domains: DOMAINS, deprecationWarnings: 'per-process', ...options })
  started.push(made)
  return made
}

afterEach(() => {
  for (const made of started.splice(0)) made.uninstall()
})

/** `AsyncHelper.task` as dynamic code calls it. */
const task = (fn: () => unknown): void =>
  void (AsyncHelper.task as unknown as (r: () => unknown) => unknown)(fn)

function note(text: string): void {
  DomainHelper.createDomain(DomainHelper.buildDomain('Note', { text }))
}

/** A promise and the function that resolves it. */
function gate(): { readonly open: () => void; readonly passed: Promise<void> } {
  let open!: () => void
  const passed = new Promise<void>((resolve) => (open = resolve))
  return { open, passed }
}

/** Lets pending timers and promise jobs run. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5))

/**
 * How many context stores a new timer carries. Node 20 copies the value of every enabled AsyncLocalStorage
 * onto each new promise and timer, so this counts the storages every timer and promise of the process pays
 * for.
 */
function storesOnANewTimer(): Promise<number> {
  return new Promise((resolve) =>
    setTimeout(() => resolve(Object.getOwnPropertySymbols(executionAsyncResource()).length), 0),
  )
}

/**
 * Whether this Node keeps AsyncLocalStorage values on async resources (Node 20, 22), where each enabled
 * storage costs every new timer and promise. Node 24 keeps them in one AsyncContextFrame instead, where the
 * number of storages costs nothing per timer and there is nothing to count.
 */
const STORAGES_COST_PER_TIMER = await (async () => {
  const probe = new AsyncLocalStorage<number>()
  const before = await storesOnANewTimer()
  const during = await probe.run(1, () => storesOnANewTimer())
  probe.disable()
  return during > before
})()
const ON_RESOURCES = 'counted where storages cost per timer, as on Node 20'

class Startup extends VendorPlatformComponent {
  override onLoad(): void {
    note('loaded')
  }
}

/** One host's life as a test lives it: runAs, a plugin, a task, then uninstall. */
async function liveAndGo(index: number): Promise<WeakRef<TestHost>> {
  const made = createTestHost({ name: `host-${index}`, domains: DOMAINS, deprecationWarnings: 'per-process' })
  made.install()
  await made.runAs({}, async () => {
    await Promise.resolve()
    note('in runAs')
  })
  made.loadPlugin({ manifest: { name: 'startup', version: '1.0.0' }, components: [Startup] })
  task(() => note('in a task'))
  await made.whenIdle()
  made.uninstall()
  return new WeakRef(made)
}

describe('hosts leave nothing behind', () => {
  test.skipIf(!STORAGES_COST_PER_TIMER)(
    `after 1,000 hosts that ran runAs, a plugin and a task, a new timer carries as many context stores as before them (${ON_RESOURCES})`,
    async () => {
      const before = await storesOnANewTimer()
      for (let i = 0; i < 1000; i++) await liveAndGo(i)
      expect(await storesOnANewTimer()).toBe(before)
    },
  )

  test.skipIf(!STORAGES_COST_PER_TIMER)(
    `while hosts are installed one after another, each new timer carries one context store for them all (${ON_RESOURCES})`,
    async () => {
      const outside = await storesOnANewTimer()
      const counts: number[] = []
      for (let i = 0; i < 100; i++) {
        const made = createTestHost({ name: `host-${i}`, domains: DOMAINS }).install()
        await made.runAs({}, () => Promise.resolve())
        counts.push(await storesOnANewTimer())
        made.uninstall()
      }
      expect(new Set(counts)).toEqual(new Set([outside + 1]))
    },
  )

  test('uninstalled hosts are collected, and no timer of theirs stays active', async () => {
    const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length
    const timersBefore = timers()
    const refs: WeakRef<TestHost>[] = []
    for (let i = 0; i < 200; i++) refs.push(await liveAndGo(i))
    await settle()
    collectGarbage()
    expect(refs.filter((ref) => ref.deref() !== undefined).length, 'hosts still reachable').toBe(0)
    expect(timers()).toBeLessThanOrEqual(timersBefore)
  })
})

describe('work of an uninstalled host never reaches another host', () => {
  test('a task that resumes after its host was uninstalled writes nothing into the next host, and the error reaches its own host', async () => {
    const first = host('first').install()
    const { open, passed } = gate()
    let reached: unknown
    task(async () => {
      await passed
      try {
        note('late')
      } catch (error) {
        reached = error
        throw error
      }
    })
    await settle()
    first.uninstall()
    const second = host('second').install()
    open()
    await settle()
    expect(SimpleQuery.count('Note'), 'nothing written into the second host').toBe(0)
    expect(second.errors).toEqual([])
    expect(IllegalStateException.is(reached)).toBe(true)
    expect((reached as Error).message).toMatch(
      /^Test host 'first' was uninstalled, but work it started .* reached test host 'second'; it was stopped before it read or wrote anything\. Wait for that work before uninstalling \(await host\.whenIdle\(\)/,
    )
    expect(first.errors, 'reported once, though the task also failed with it').toEqual([reached])
  })

  test('an awaited runAs continuation of an uninstalled host fails instead of reading the next host', async () => {
    const first = host('first').install()
    const { open, passed } = gate()
    const pending = first.runAs({}, async () => {
      await passed
      return SimpleQuery.count('Note')
    })
    first.uninstall()
    host('second').install()
    note('of the second host')
    open()
    await expect(pending).rejects.toThrow(/Test host 'first' was uninstalled/)
    expect(first.takeErrors()).toHaveLength(1)
  })

  test('a scheduled run that is still going when its host is uninstalled fails the same way', async () => {
    const first = host('first').install()
    const { open, passed } = gate()
    AsyncHelper.scheduleAtFixRate(1, async () => {
      await passed
      note('tick')
    })
    await settle()
    first.uninstall()
    host('second').install()
    open()
    await settle()
    expect(SimpleQuery.count('Note')).toBe(0)
    expect(first.errors.map((e) => (e as Error).message)).toEqual([
      expect.stringMatching(/^Test host 'first' was uninstalled/),
    ])
  })

  test('with no host bound, a task left running is refused naming its host, and the error reaches that host once', async () => {
    const first = host('first').install()
    const { open, passed } = gate()
    task(async () => {
      await passed
      note('late')
    })
    await settle()
    first.uninstall()
    open()
    await settle()
    expect(first.errors.map((e) => (e as Error).message)).toEqual([
      expect.stringMatching(
        /^Test host 'first' was uninstalled, but work it started .* called DomainHelper\.buildDomain\(.*\) while no runtime is bound; it was stopped/,
      ),
    ])
  })

  test('with no host bound, an awaited runAs continuation is refused naming its host, and reaches that host', async () => {
    const first = host('first').install()
    const { open, passed } = gate()
    const pending = first.runAs({}, async () => {
      await passed
      return SimpleQuery.count('Note')
    })
    first.uninstall()
    open()
    await expect(pending).rejects.toThrow(/^Test host 'first' was uninstalled, .* while no runtime is bound/)
    expect(first.takeErrors()).toHaveLength(1)
  })

  test('a timer a plugin set in onLoad, firing after its host was uninstalled and another installed, is refused', async () => {
    const first = host('first').install()
    const { open, passed } = gate()
    class Fires extends VendorPlatformComponent {
      override onLoad(): void {
        // Untracked: the host does not wait for it; its context still names the host it belongs to.
        void passed.then(() =>
          setTimeout(() => {
            try {
              note('from the timer')
            } catch {
              // Refused, and reported to the host it belongs to.
            }
          }, 0),
        )
      }
    }
    first.loadPlugin({ manifest: { name: 'fires', version: '1.0.0' }, components: [Fires] })
    first.uninstall()
    const second = host('second').install()
    open()
    await settle()
    await settle()
    expect(SimpleQuery.count('Note'), 'nothing written into the second host').toBe(0)
    expect(second.errors).toEqual([])
    expect(first.errors.map((e) => (e as Error).message)).toEqual([
      expect.stringMatching(/^Test host 'first' was uninstalled, .* reached test host 'second'/),
    ])
  })

  test('an unawaited runAs that fails is still an unhandled rejection, as its own promise would be', () => {
    // In a child process: vitest fails the run on an unhandled rejection, which is what is checked here.
    const child = runModuleScript([
      "import { createTestHost } from './src/testing/index.ts'",
      'const host = createTestHost({ domains: {} }).install()',
      "process.on('unhandledRejection', (e) => { console.log('unhandled: ' + e.message); process.exit(0) })",
      "void host.runAs({}, async () => { throw new Error('lost?') })",
      "setTimeout(() => { console.log('nothing reported'); process.exit(1) }, 200)",
    ])
    expect(child.stdout.trim()).toBe('unhandled: lost?')
  })

  test('a host installed again refuses the work of its earlier installation', async () => {
    const only = host('again').install()
    const { open, passed } = gate()
    task(async () => {
      await passed
      note('late')
    })
    await settle()
    only.uninstall()
    only.install()
    open()
    await settle()
    expect(SimpleQuery.count('Note')).toBe(0)
    expect(only.takeErrors().map((e) => (e as Error).message)).toEqual([
      expect.stringMatching(
        /^Test host 'again' was uninstalled, but work it started .* reached test host 'again'/,
      ),
    ])
  })
})

describe('runAs refuses what would run in the wrong place', () => {
  test('runAs on a host that is not installed is refused, and nothing runs', () => {
    const idle = host('idle')
    let ran = false
    expect(() => idle.runAs({}, () => (ran = true))).toThrow(IllegalStateException)
    expect(() => idle.runAs({}, () => (ran = true))).toThrow(
      /^host\.runAs: test host 'idle' is not installed, so the facades would not reach it\. Install it first/,
    )
    expect(ran).toBe(false)
  })

  test('runAs on a host that is not installed names the one that is', () => {
    const idle = host('idle')
    host('bound').install()
    expect(() => idle.runAs({}, () => 1)).toThrow(
      /not installed, so the facades would not reach it \(runtime 'bound' is bound\)/,
    )
  })

  test('runAs with an unknown key is refused, naming it and the key it resembles', () => {
    const made = host('typo', { tenants: ['acme', 'globex'] }).install()
    let ran = false
    const identity = { tennant: 'globex' } as never
    expect(() => made.runAs(identity, () => (ran = true))).toThrow(IllegalArgumentException)
    expect(() => made.runAs(identity, () => (ran = true))).toThrow(
      `host.runAs: unknown key "tennant" (did you mean 'tenant'?); it takes tenant, user, plugin. Nothing ran.`,
    )
    expect(ran).toBe(false)
  })

  test('loadPlugin on a host that is not installed is refused before any onLoad runs', () => {
    const idle = host('idle')
    let loaded = false
    expect(() =>
      idle.loadPlugin({
        manifest: { name: 'p', version: '1' },
        components: [{ onLoad: () => (loaded = true) }],
      }),
    ).toThrow(/^host\.loadPlugin: test host 'idle' is not installed/)
    expect(loaded).toBe(false)
    expect(idle.plugins).toEqual([])
  })
})

describe('errors of asynchronous work reach the host, once each, and can be taken', () => {
  test('one error object thrown by two tasks is kept twice; after takeErrors, thrown again, it is kept again', async () => {
    const made = host('errors').install()
    const shared = new Error('shared')
    task(() => {
      throw shared
    })
    task(() => {
      throw shared
    })
    await made.whenIdle()
    expect(made.takeErrors()).toEqual([shared, shared])
    task(() => {
      throw shared
    })
    await made.whenIdle()
    expect(made.takeErrors()).toEqual([shared])
  })

  test('calling another host from inside runAs is refused on the spot, and not reported as a task error', () => {
    const outer = host('outer').install()
    const other = host('other')
    expect(() => outer.runAs({}, () => other.importSeedCsv('Note', 'text\nx\n'))).toThrow(
      /^Code running for test host 'outer' called test host 'other'/,
    )
    expect(outer.errors).toEqual([])
  })

  test('a task whose thenable settles twice counts once: whenIdle resolves and later tasks still run', async () => {
    const made = host('thenable').install()
    const twice = {
      then(resolve: (v: unknown) => void): void {
        resolve(1)
        resolve(2)
      },
    }
    task(() => twice)
    await made.whenIdle()
    let ran = false
    task(() => void (ran = true))
    await made.whenIdle()
    expect(ran).toBe(true)
  })

  test('takeErrors returns the errors kept so far and clears them', async () => {
    const made = host('errors').install()
    task(() => {
      throw new Error('first')
    })
    await made.whenIdle()
    const taken = made.takeErrors()
    expect(taken.map((e) => (e as Error).message)).toEqual(['first'])
    expect(made.errors).toEqual([])
    expect(made.takeErrors()).toEqual([])
  })
})
