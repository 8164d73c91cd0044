import { afterAll, describe } from 'vitest'
import { describeConformance } from '../../src/conformance/index.js'
import { createTestHost, postgresStore, type Store } from '../../src/testing/index.js'
import { referenceConformanceHost } from './reference-conformance-host.js'

// The reference host on a PostgreSQL server, when TECH_VENDOR_PG_URL names one (docs/sql.md shows how to start
// one from Debian's postgresql package); CI has none, and the file reports itself skipped with that reason.
const url = process.env['TECH_VENDOR_PG_URL']

describe.skipIf(url === undefined)(
  'needs TECH_VENDOR_PG_URL=postgres://user:password@host:port/database',
  () => {
    let store: Store | undefined
    afterAll(() => store?.close())
    describeConformance('reference host on a PostgreSQL server', (setup) => {
      store ??= postgresStore({ url: url as string })
      return referenceConformanceHost(createTestHost({ ...setup, store }))
    })
  },
)
