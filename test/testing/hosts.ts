import { afterEach } from 'vitest'
import { IllegalArgumentException } from '../../src/index.js'
import { createTestHost, type TestHost, type TestHostOptions } from '../../src/testing/index.js'

/** The shop domains most tests of the reference host use. */
export const SHOP: NonNullable<TestHostOptions['domains']> = {
  Client: {
    fields: { name: { type: 'STRING', required: true }, vip: 'BOOLEAN', email: 'STRING' },
    labelField: 'name',
  },
  Purchase: {
    fields: {
      number: { type: 'STRING', required: true },
      status: { type: 'STRING', required: true },
      total: 'BIG_DECIMAL',
      quantity: 'INTEGER',
      placedOn: 'LOCAL_DATE',
      shippedAt: 'ZONED_DATETIME',
      customer: { type: 'DOMAIN_OBJECT', domain: 'Client' },
      tags: { type: 'DOMAIN_OBJECT_LIST', domain: 'Label' },
      invoice: 'FILE',
    },
    labelField: 'number',
  },
  Label: { fields: { name: { type: 'STRING', required: true } }, labelField: 'name' },
}

const installed: TestHost[] = []

/**
 * Creates and installs a reference host for one test; it is uninstalled after the test. Every test file of
 * test/testing starts and ends unbound.
 */
export function installHost(options: TestHostOptions = {}): TestHost {
  const host = createTestHost({ domains: SHOP, ...options }).install()
  installed.push(host)
  return host
}

afterEach(() => {
  for (const host of installed.splice(0)) host.uninstall()
})

/** Runs `fn`, expects it to throw, and returns what it threw. */
export function catchError(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('expected an error')
}

/** Runs `fn`, expects an IllegalArgumentException, and returns its message. */
export function refused(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    if (IllegalArgumentException.is(error)) return error.message
    throw error
  }
  throw new Error('expected an IllegalArgumentException')
}
