import { afterAll } from 'vitest'
import { describeConformance } from '../../src/conformance/index.js'
import { createTestHost, pgliteStore } from '../../src/testing/index.js'
import { referenceConformanceHost } from './reference-conformance-host.js'

// The reference host on PGlite runs the whole suite: one store for the file, a host (one transaction) per test.
const store = await pgliteStore()
afterAll(() => store.close())

describeConformance('reference host on PGlite', (setup) =>
  referenceConformanceHost(createTestHost({ ...setup, store })),
)
