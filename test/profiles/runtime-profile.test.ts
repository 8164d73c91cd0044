import { afterEach, describe, expect, it } from 'vitest'
import * as declared from '../../src/index.js'
import * as runtime from '../../src/profiles/runtime-1.0.0-beta18/index.js'
import * as runtimeV1 from '../../src/profiles/runtime-1.0.0-beta18/v1.js'
import { bindRuntime, unbindRuntime, type VendorRuntime } from '../../src/runtime-contract/index.js'

afterEach(() => {
  unbindRuntime()
})

const ann = { id: 7, username: 'ann' }

describe('the runtime profile is types over the same facades', () => {
  it('exports the very objects of the root entry', () => {
    expect(runtime.AsyncHelper).toBe(declared.AsyncHelper)
    expect(runtime.MessageHelper).toBe(declared.MessageHelper)
    expect(runtime.Notification).toBe(declared.Notification)
    expect(runtime.SimpleQuery).toBe(declared.SimpleQuery)
    expect(runtimeV1.MessageHelper).toBe(declared.MessageHelper)
  })

  it('has, at run time, every method its types give the facades', () => {
    for (const name of ['scheduleAtFixRate', 'task'] as const) {
      expect(typeof runtime.AsyncHelper[name], `AsyncHelper.${name}`).toBe('function')
    }
    // Not typed on the 0.0.5 root (1.0.0-series API), but on the object, as dynamic code reaches it.
    expect(typeof Reflect.get(runtime.AsyncHelper, 'supplyAsync')).toBe('function')
    expect(typeof runtime.MessageHelper.pushMessage).toBe('function')
    for (const name of ['scheduleAtFixRate', 'task', 'supplyAsync'] as const) {
      expect(typeof runtimeV1.AsyncHelper[name], `v1 AsyncHelper.${name}`).toBe('function')
    }
    expect(typeof runtimeV1.MessageHelper.pushMessage).toBe('function')
  })

  it('pushMessage reaches the runtime with the recipient user object', () => {
    const pushed: unknown[] = []
    bindRuntime({
      description: {
        name: 'profile-host',
        platformVersion: '1.0.0-beta18',
        libraryLine: '0.0.5',
        linkage: 'dynamic',
      },
      messages: { pushMessage: (n) => void pushed.push(n), pushNotification: () => undefined },
    } as VendorRuntime)
    runtime.MessageHelper.pushMessage(new runtime.Notification({ content: 'Export ready', toUser: ann }))
    expect(pushed).toEqual([
      { title: null, content: 'Export ready', severity: 'INFO', toUser: ann, link: null },
    ])
  })

  it('dynamic code reaches the runtime’s task(threadName, task) through the root object, and gets its Thread', () => {
    const thread = {
      getName: () => 'export',
      isAlive: () => true,
      join: () => Promise.resolve(),
      interrupt: () => undefined,
    }
    const names: string[] = []
    bindRuntime({
      description: {
        name: 'profile-host',
        platformVersion: '1.0.0-beta18',
        libraryLine: '0.0.5',
        linkage: 'dynamic',
      },
      async: { taskNamed: (name: string) => (names.push(name), thread) },
    } as unknown as VendorRuntime)
    const emit = process.emitWarning
    process.emitWarning = () => undefined
    try {
      const dynamic = runtime.AsyncHelper as unknown as { task(name: string, task: () => void): unknown }
      expect(dynamic.task('export', () => undefined)).toBe(thread)
    } finally {
      process.emitWarning = emit
    }
    expect(names).toEqual(['export'])
  })
})
