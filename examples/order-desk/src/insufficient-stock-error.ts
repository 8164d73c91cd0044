/** An order asked for more items than are in stock; nothing was written. */
export class InsufficientStockError extends Error {
  override readonly name = 'InsufficientStockError'

  /**
   * @param product - The product's name.
   * @param available - How many items are in stock (0 for a product no longer on sale).
   * @param requested - How many items the order asked for.
   */
  constructor(
    readonly product: string,
    readonly available: number,
    readonly requested: number,
  ) {
    super(
      `Only ${available} ${product} in stock, ${requested} requested: the order was not placed. ` +
        'Order fewer, or restock first.',
    )
  }
}
