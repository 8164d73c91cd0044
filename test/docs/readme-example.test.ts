// The README's "A first plugin" and its test, as a plugin author would write them (the Order and Customer
// domains are declared for the whole test program by test/api/typed-domains.test-d.ts, with the README's shape).
import { expect, test } from 'vitest'
import { DomainHelper, QueryHelper, SimpleQuery, VendorPlatformComponent } from '../../src/index.js'
import { createTestHost } from '../../src/testing/index.js'
import { expectPageShows } from './expect-page-shows.js'

class OrderCleanup extends VendorPlatformComponent {
  // Runs at every plugin load and reload: it must be repeatable.
  override onLoad(): void {
    QueryHelper.withTransaction(() => {
      for (const order of SimpleQuery.of('Order').eq('status', 'OPEN').le('total', 0).listAll()) {
        DomainHelper.updateDomain({ ...order, status: 'CLOSED' })
      }
    })
  }
}

test('onLoad closes empty open orders', () => {
  using host = createTestHost({
    domains: {
      Customer: { fields: { name: 'STRING' }, labelField: 'name' },
      Order: {
        fields: {
          status: 'STRING',
          total: 'DOUBLE',
          customer: { type: 'DOMAIN_OBJECT', domain: 'Customer' },
        },
      },
    },
    seed: {
      Customer: [{ name: 'Ada' }],
      Order: [
        { status: 'OPEN', total: 0 },
        { status: 'OPEN', total: 25 },
      ],
    },
  }).install()

  new OrderCleanup().onLoad()

  expect(
    SimpleQuery.of('Order')
      .eq('status', 'OPEN')
      .listAll()
      .map((o) => o.total),
  ).toEqual([25])
  expect(host.takeErrors()).toEqual([])
})

test('the README shows this example', async () => {
  // Every line of the plugin and of its test appears in the README, in the same order.
  await expectPageShows(
    '../../README.md',
    import.meta.url,
    'class OrderCleanup extends VendorPlatformComponent {',
    "test('the README shows this example', async () => {",
  )
})
