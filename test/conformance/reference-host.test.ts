import { describeConformance } from '../../src/conformance/index.js'
import { createTestHost } from '../../src/testing/index.js'
import { referenceConformanceHost } from './reference-conformance-host.js'

// The reference host runs the whole suite, every group, under its own name.
describeConformance('reference host', (setup) => referenceConformanceHost(createTestHost(setup)))
