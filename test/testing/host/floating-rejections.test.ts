import { afterEach, describe, expect, test } from 'vitest'
import { AsyncHelper, DomainHelper, VendorPlatformComponent } from '../../../src/index.js'
import { AsyncHelper as AsyncHelperV1 } from '../../../src/v1/index.js'
import { createTestHost, type TestHost } from '../../../src/testing/index.js'
import { runModuleScript } from '../../run-module-script.js'

// A rejection that reached the process here would fail the whole vitest run as an unhandled error: each test
// below also checks, by passing, that the host took the rejection instead of the process.

const DOMAINS = { Note: { fields: { text: 'STRING' } } } as const

const started: TestHost[] = []

function host(options: Parameters<typeof createTestHost>[0] = {}): TestHost {
  const made = createTestHost({ domains: DOMAINS, deprecationWarnings: 'per-process', ...options })
  started.push(made)
  return made.install()
}

afterEach(() => {
  for (const made of started.splice(0)) made.uninstall()
})

/** `AsyncHelper.task` as dynamic code calls it. */
const task = (fn: () => unknown): void =>
  void (AsyncHelper.task as unknown as (r: () => unknown) => unknown)(fn)

/** Lets Node find the rejections nobody handled (it looks once the microtasks are done). */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5))

describe("a promise rejection nobody handles, made by a host's work, goes to the host's errors", () => {
  test('a floating rejection inside an AsyncHelper task', async () => {
    const made = host()
    task(() => {
      void Promise.reject(new Error('floating in a task'))
    })
    await made.whenIdle()
    await settle()
    expect(made.takeErrors()).toEqual([new Error('floating in a task')])
  })

  test('a floating rejection after an await inside a task, and a supplyAsync future nobody awaits', async () => {
    const made = host()
    task(async () => {
      await null
      void (async () => {
        throw new Error('after an await')
      })()
    })
    task(() => {
      void AsyncHelperV1.supplyAsync(() => {
        throw new Error('future nobody awaited')
      })
    })
    await made.whenIdle()
    await settle()
    expect(
      made
        .takeErrors()
        .map((error) => (error as Error).message)
        .sort(),
    ).toEqual(['after an await', 'future nobody awaited'])
  })

  test("a plugin's floating rejection in onLoad, and the host's onError gets it when given", async () => {
    const seen: unknown[] = []
    const made = host({ onError: (error) => seen.push(error) })
    class Careless extends VendorPlatformComponent {
      override onLoad(): void {
        void Promise.resolve().then(() => {
          DomainHelper.createDomain(DomainHelper.buildDomain('Note', { text: 'written' }))
          throw new Error('from onLoad')
        })
      }
    }
    made.loadPlugin({ manifest: { name: 'careless', version: '1.0.0' }, components: [Careless] })
    await settle()
    expect(seen).toEqual([new Error('from onLoad')])
    expect(made.errors).toEqual([])
  })
})

describe('any other rejection is left as Node leaves it', () => {
  test("test code's own floating rejection still ends a plain Node process (exit 1), a host's does not", () => {
    const child = runModuleScript([
      "import { AsyncHelper } from './src/index.ts'",
      "import { createTestHost } from './src/testing/index.ts'",
      "const host = createTestHost({ domains: {}, deprecationWarnings: 'per-process' }).install()",
      "AsyncHelper.task(() => { void Promise.reject(new Error('in the task')) })",
      'await host.whenIdle()',
      'await new Promise((done) => setTimeout(done, 10))',
      "console.log('kept: ' + host.takeErrors().map((e) => e.message).join())",
      "void Promise.reject(new Error('in test code'))",
      "setTimeout(() => { console.log('still running'); process.exit(0) }, 200)",
    ])
    expect(child.stdout.trim()).toBe('kept: in the task')
    expect(child.status).toBe(1)
    expect(child.stderr).toContain('in test code')
  })

  test("with a listener of the process's own, test code's rejection reaches it and the process goes on", () => {
    const child = runModuleScript([
      "import { createTestHost } from './src/testing/index.ts'",
      "const host = createTestHost({ domains: {}, deprecationWarnings: 'per-process' }).install()",
      "process.on('unhandledRejection', (e) => console.log('listener: ' + e.message))",
      "void Promise.reject(new Error('in test code'))",
      'await new Promise((done) => setTimeout(done, 10))',
      "console.log('host: ' + host.errors.length)",
    ])
    expect(child.stdout.trim().split('\n')).toEqual(['listener: in test code', 'host: 0'])
    expect(child.status).toBe(0)
  })

  test('a rejection that is not an error ends the process naming its reason, as Node does', () => {
    const child = runModuleScript([
      "import { createTestHost } from './src/testing/index.ts'",
      "createTestHost({ domains: {}, deprecationWarnings: 'per-process' }).install()",
      "void Promise.reject('a bare string')",
    ])
    expect(child.status).toBe(1)
    expect(child.stderr).toContain('The promise rejected with the reason "a bare string".')
  })
})

describe('with an older copy of the package in the process', () => {
  test('a context slot an older copy made (without the rejection watch) still lets a host install, and gets the watch', () => {
    const child = runModuleScript([
      "import { AsyncLocalStorage } from 'node:async_hooks'",
      // What a copy of the package before the watch leaves on globalThis: its storage and count only.
      "Object.defineProperty(globalThis, Symbol.for('@tech-vendor/api/testing.context-storage@1'), { value: { storage: new AsyncLocalStorage(), holds: 0 } })",
      "const { AsyncHelper } = await import('./src/index.ts')",
      "const { createTestHost } = await import('./src/testing/index.ts')",
      "const host = createTestHost({ domains: {}, deprecationWarnings: 'per-process' }).install()",
      "AsyncHelper.task(() => { void Promise.reject(new Error('in the task')) })",
      'await host.whenIdle()',
      'await new Promise((done) => setTimeout(done, 10))',
      "console.log('kept: ' + host.takeErrors().map((e) => e.message).join())",
    ])
    expect(child.stderr).not.toContain('TypeError')
    expect(child.stdout.trim()).toBe('kept: in the task')
    expect(child.status).toBe(0)
  })
})
