/**
 * The files of a fresh consumer project that installs the packed tarball: ESM and CommonJS programs that
 * import the package and print what they saw as JSON, and ESM and CommonJS sources for a consumer `tsc` run.
 * They are strings (not files under test/) so that the repository's own tsc, eslint and prettier never read
 * them against the repository's sources.
 */

/** A runtime that backs `SimpleQuery.count` and `AsyncHelper.task`, recording calls on `calls`. */
const RUNTIME = `
const calls = []
const thread = { name: 'consumer-thread' }
const runtime = {
  description: { name: 'consumer-host', platformVersion: '1.0.0-beta18', libraryLine: '0.0.5', linkage: 'dynamic' },
  query: { count: (target) => (calls.push(['count', target]), 42) },
  async: { task: (task) => (calls.push(['task', typeof task]), thread), scheduleAtFixRate: () => () => undefined },
}
`

/** Runs the package through one module system and prints what happened. */
function program(kind: 'esm' | 'cjs'): string {
  const load =
    kind === 'esm'
      ? `import * as api from '@tech-vendor/api'
import * as v1 from '@tech-vendor/api/v1'
import * as contract from '@tech-vendor/api/runtime-contract'
import { createRequire } from 'node:module'
const resolved = import.meta.resolve('@tech-vendor/api')
const pkg = createRequire(import.meta.url)('@tech-vendor/api/package.json')`
      : `const api = require('@tech-vendor/api')
const v1 = require('@tech-vendor/api/v1')
const contract = require('@tech-vendor/api/runtime-contract')
const resolved = require.resolve('@tech-vendor/api')
const pkg = require('@tech-vendor/api/package.json')`
  return `${load}
process.emitWarning = () => undefined
${RUNTIME}
const out = { resolved: resolved.slice(resolved.lastIndexOf('node_modules')), version: pkg.version }
try {
  api.SimpleQuery.count('Order')
} catch (error) {
  out.unbound = { name: error.name, guard: api.IllegalStateException.is(error), message: error.message.split(':')[0] }
}
const binding = contract.bindRuntime(runtime)
out.bound = contract.currentRuntime() === runtime
out.count = api.SimpleQuery.count('Order')
out.countV1 = v1.SimpleQuery.count('Order')
out.task = api.AsyncHelper.task(() => undefined)
out.calls = calls
binding.unbind()
out.unboundAgain = contract.currentRuntime() === undefined
out.sameErrorClass = api.IllegalStateException === contract.IllegalStateException
console.log(JSON.stringify(out))
`
}

/** Binds from the CommonJS copy and calls from the ESM copy (and back), in one process. */
const SHARED = `import { createRequire } from 'node:module'
import * as esm from '@tech-vendor/api'
import * as esmContract from '@tech-vendor/api/runtime-contract'
const require = createRequire(import.meta.url)
const cjs = require('@tech-vendor/api')
const cjsContract = require('@tech-vendor/api/runtime-contract')
process.emitWarning = () => undefined
${RUNTIME}
const out = { distinctCopies: cjs.SimpleQuery !== esm.SimpleQuery && cjs.IllegalStateException !== esm.IllegalStateException }
const binding = cjsContract.bindRuntime(runtime)
out.seenByEsm = esmContract.currentRuntime() === runtime
out.esmCount = esm.SimpleQuery.count('Order')
out.esmTask = esm.AsyncHelper.task(() => undefined)
try {
  esmContract.bindRuntime({ ...runtime, description: { ...runtime.description, name: 'esm-host' } })
} catch (error) {
  out.secondBind = { cjsGuard: cjs.IllegalStateException.is(error), cjsInstanceof: error instanceof cjs.IllegalStateException, message: error.message }
}
esmContract.unbindRuntime()
out.unboundForCjs = cjsContract.currentRuntime() === undefined && binding.runtime === runtime
try {
  cjs.SimpleQuery.count('Order')
} catch (error) {
  out.cjsUnbound = { esmGuard: esm.IllegalStateException.is(error), esmInstanceof: error instanceof esm.IllegalStateException }
}
out.calls = calls
console.log(JSON.stringify(out))
`

/** Typed domains and intended mistakes, from an ES module. */
const TYPES_ESM = `import { AsyncHelper, SimpleQuery, type DomainObject, type PaginationQueryResult } from '@tech-vendor/api'
import { AsyncHelper as AsyncHelperV1, SimpleQuery as SimpleQueryV1 } from '@tech-vendor/api/v1'
import { bindRuntime, type VendorRuntime } from '@tech-vendor/api/runtime-contract'

declare module '@tech-vendor/api' {
  interface DomainRegistry {
    Order: { id: number; status: 'OPEN' | 'CLOSED'; total: number; customer: DomainRegistry['Customer'] | null }
    Customer: { id: number; name: string }
  }
}

interface Order {
  id: number
  status: 'OPEN' | 'CLOSED'
  total: number
  customer: { id: number; name: string } | null
}

declare const runtime: VendorRuntime
using _binding = bindRuntime(runtime)

// The one augmentation types the root entry and './v1'.
const page = SimpleQuery.of('Order').eq('status', 'OPEN').list(0, 20)
const typedPage: PaginationQueryResult<Order> = page
const total: number = page.totalCount
const fromV1 = SimpleQueryV1.of('Order').eq('status', 'CLOSED').gt('total', 10).get()
const typedV1: Order | null = fromV1
const backV1: typeof fromV1 = typedV1

// A name that is not declared stays loosely typed.
const loose: DomainObject | null = SimpleQuery.of('Undeclared').eq('anything', 1).get()

// The 1.0.0 series adds supplyAsync.
AsyncHelperV1.supplyAsync(() => 1)

// @ts-expect-error -- 'colour' is not a field of Order
SimpleQuery.of('Order').eq('colour', 'red')
// @ts-expect-error -- Order.status is 'OPEN' | 'CLOSED' (through './v1' too)
SimpleQueryV1.of('Order').eq('status', 'PENDING')
// @ts-expect-error -- a query result is typed, not any
const notAString: string = SimpleQueryV1.of('Order').get()
// @ts-expect-error -- supplyAsync is 1.0.0-series API: the root entry (0.0.5) does not declare it
AsyncHelper.supplyAsync(() => 1)

export { typedPage, total, backV1, loose, notAString }
`

/** Typed domains and intended mistakes, from a CommonJS module. */
const TYPES_CJS = `import { SimpleQuery, IllegalStateException } from '@tech-vendor/api'
import { SimpleQuery as SimpleQueryV1 } from '@tech-vendor/api/v1'
import type { Linkage } from '@tech-vendor/api/runtime-contract'

declare module '@tech-vendor/api' {
  interface DomainRegistry {
    Invoice: { id: number; number: string; paid: boolean }
  }
}

const invoices: { id: number; number: string; paid: boolean }[] = SimpleQuery.of('Invoice').eq('paid', false).listAll()
const invoicesV1: { id: number; number: string; paid: boolean }[] = SimpleQueryV1.of('Invoice').eq('paid', true).listAll()
const linkage: Linkage = 'static'

function describeError(error: unknown): string {
  return IllegalStateException.is(error) ? error.javaClass : 'other'
}

// @ts-expect-error -- paid is a boolean
SimpleQuery.of('Invoice').eq('paid', 'yes')
// @ts-expect-error -- 'amount' is not a field of Invoice (through './v1' too)
SimpleQueryV1.of('Invoice').isNull('amount')
// @ts-expect-error -- 'lazy' is not a linkage
const wrongLinkage: Linkage = 'lazy'

export = { invoices, invoicesV1, linkage, describeError, wrongLinkage }
`

/** A consumer mistake without a directive: tsc must report it. */
const MISTAKE = `import type {} from '@tech-vendor/api'
import { SimpleQuery } from '@tech-vendor/api/v1'

declare module '@tech-vendor/api' {
  interface DomainRegistry {
    Order: { id: number; status: 'OPEN' | 'CLOSED' }
  }
}

SimpleQuery.of('Order').eq('colour', 'red')
`

/** The emulator config whose domains `vendor-api types` declares: every field type, references both ways. */
const VENDOR_CONFIG = {
  domains: {
    Customer: {
      fields: { name: { type: 'STRING', required: true }, vip: 'BOOLEAN' },
      labelField: 'name',
    },
    Order: {
      fields: {
        number: { type: 'INTEGER', required: true },
        status: { type: 'STRING', required: true },
        total: 'BIG_DECIMAL',
        placedAt: 'ZONED_DATETIME',
        customer: { type: 'DOMAIN_OBJECT', domain: 'Customer' },
        lines: { type: 'DOMAIN_OBJECT_LIST', domain: 'Order line' },
        receipt: 'FILE',
      },
      roles: { delete: ['ROLE_ADMIN'] },
    },
    'Order line': {
      fields: { quantity: 'LONG', price: 'DOUBLE', note: 'JSON_STRING', day: 'LOCAL_DATE' },
    },
  },
}

/** A frontend that imports only the client, typed by the declaration `vendor-api types` wrote (domains.mts). */
const CLIENT_APP = `import { createClient } from '@tech-vendor/api/client'

const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api', decimals: { Order: ['total'] } })
const page = await client.data('Order').list({ max: 20 })
const first = page.data[0]!
const status: string = first.status
const total: string | null = first.total
const customer: { readonly id: number } | null = first.customer
const placedAt: string | null = first.placedAt
const lines: { readonly id: number }[] | null = first.lines
const fileName: string | undefined = first.receipt?.fileName
const created = await client.data('Order').create({ number: 1, status: 'OPEN', customer: { id: 3 }, placedAt: new Date() })
const id: number = created.id
const line = await client.data('Order line').get(1)
const quantity: number | null = line.quantity

// @ts-expect-error -- 'colour' is not a field of Order
await client.data('Order').create({ colour: 'red' })
// @ts-expect-error -- Order.number is a number
await client.data('Order').update(1, { number: 'one' })
// @ts-expect-error -- 'nope' is not a field of Order
createClient({ baseUrl: '/api', decimals: { Order: ['nope'] } })

export { status, total, customer, placedAt, lines, fileName, id, quantity }
`

/** The declaration as docs/client.md shows it, written by hand next to the client's import. */
const CLIENT_INLINE = `import { createClient } from '@tech-vendor/api/client'

declare module '@tech-vendor/api/client' {
  interface DomainRegistry {
    Ticket: { id: number; title: string; done: boolean | null }
  }
}

const client = createClient({ baseUrl: '/api' })
const ticket = await client.data('Ticket').get(1)
const title: string = ticket.title
// @ts-expect-error -- done is boolean | null
const done: string = ticket.done

export { title, done }
`

/** A client-only frontend's mistake without a directive: tsc must report it, so the declaration is live. */
const CLIENT_MISTAKE = `import { createClient } from '@tech-vendor/api/client'

const order = await createClient({ baseUrl: '/api' }).data('Order').get(1)
const wrong: number = order.status

export { wrong }
`

const COMPILER_OPTIONS = {
  module: 'nodenext',
  moduleResolution: 'nodenext',
  target: 'ES2022',
  lib: ['ES2023', 'ESNext.Disposable'],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  // The package's declarations are checked too: they must compile in a consumer that has no @types/node.
  skipLibCheck: false,
  types: [],
  noEmit: true,
}

/** A frontend's options: the client's declarations use the browser's fetch types (`RequestInit`, `Response`). */
const FRONTEND_OPTIONS = { ...COMPILER_OPTIONS, lib: [...COMPILER_OPTIONS.lib, 'DOM'] }

/** Every file of the consumer project, by path relative to the project. */
export const consumerFiles: Readonly<Record<string, string>> = {
  'package.json': JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }, null, 2),
  'esm.mjs': program('esm'),
  'cjs.cjs': program('cjs'),
  'shared.mjs': SHARED,
  'types-esm.mts': TYPES_ESM,
  'types-cjs.cts': TYPES_CJS,
  'mistake.mts': MISTAKE,
  'tsconfig.json': JSON.stringify(
    { compilerOptions: COMPILER_OPTIONS, files: ['types-esm.mts', 'types-cjs.cts'] },
    null,
    2,
  ),
  'tsconfig.mistake.json': JSON.stringify(
    { compilerOptions: COMPILER_OPTIONS, files: ['mistake.mts'] },
    null,
    2,
  ),
  'vendor.config.json': JSON.stringify(VENDOR_CONFIG, null, 2),
  'client-app.mts': CLIENT_APP,
  'client-inline.mts': CLIENT_INLINE,
  'client-mistake.mts': CLIENT_MISTAKE,
  // domains.mts is written by `vendor-api types` in the test.
  'tsconfig.client.json': JSON.stringify(
    { compilerOptions: FRONTEND_OPTIONS, files: ['client-app.mts', 'client-inline.mts', 'domains.mts'] },
    null,
    2,
  ),
  // A bundler's resolution (Vite, webpack), where a frontend usually compiles.
  'tsconfig.client-bundler.json': JSON.stringify(
    {
      compilerOptions: { ...FRONTEND_OPTIONS, module: 'esnext', moduleResolution: 'bundler' },
      files: ['client-app.mts', 'client-inline.mts', 'domains.mts'],
    },
    null,
    2,
  ),
  'tsconfig.client-mistake.json': JSON.stringify(
    { compilerOptions: FRONTEND_OPTIONS, files: ['client-mistake.mts', 'domains.mts'] },
    null,
    2,
  ),
}
