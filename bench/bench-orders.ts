/** The order domain the engine and write benches fill: one table of mixed field types. */
export const DOMAINS = {
  BenchOrder: {
    fields: {
      name: 'STRING',
      status: 'STRING',
      cls: 'INTEGER',
      qty: 'INTEGER',
      total: 'DOUBLE',
      createdAt: 'ZONED_DATETIME',
      code: 'STRING',
      note: 'STRING',
    },
  },
} as const

/** The statuses an order takes, in turn. */
export const STATUSES = ['OPEN', 'PAID', 'SHIPPED', 'CLOSED']
