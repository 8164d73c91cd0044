import { defineDomains } from '@tech-vendor/api/testing'
import '../src/domains.js'

/**
 * The order desk's domains as the platform's model defines them, for the reference host. `defineDomains`
 * checks them against the types src/domains.ts declares in `DomainRegistry`, field by field, when this file
 * compiles; the order of the fields is the order `render(ALL_COLUMNS)` uses.
 */
export const orderDeskDomains = defineDomains({
  DeskCustomer: {
    fields: { name: { type: 'STRING', required: true }, email: 'STRING', vip: 'BOOLEAN' },
    labelField: 'name',
  },
  DeskProduct: {
    fields: {
      name: { type: 'STRING', required: true },
      price: { type: 'BIG_DECIMAL', required: true },
      stock: { type: 'INTEGER', required: true },
      active: { type: 'BOOLEAN', required: true },
      lowStock: 'BOOLEAN',
    },
    labelField: 'name',
  },
  DeskOrder: {
    fields: {
      number: { type: 'INTEGER', required: true },
      customer: { type: 'DOMAIN_OBJECT', domain: 'DeskCustomer', required: true },
      product: { type: 'DOMAIN_OBJECT', domain: 'DeskProduct', required: true },
      quantity: { type: 'INTEGER', required: true },
      total: { type: 'BIG_DECIMAL', required: true },
      status: { type: 'STRING', required: true },
      placedAt: { type: 'ZONED_DATETIME', required: true },
      receipt: 'FILE',
    },
    labelField: 'number',
  },
  DeskSetting: {
    fields: { name: { type: 'STRING', required: true }, value: { type: 'STRING', required: true } },
    labelField: 'name',
  },
})
