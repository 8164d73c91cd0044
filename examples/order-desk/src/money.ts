/**
 * Amounts are BIG_DECIMAL fields, so decimal strings (`'12.50'`) that read back with the decimals they were
 * written with, as a Java `BigDecimal` does: they are computed in whole cents, never in floating point, and
 * written with two decimals, so they print as they are.
 */
const AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/

/**
 * The price of `quantity` items at `price` each.
 *
 * @param price - A non-negative amount with at most two decimals, such as `'12.5'`.
 * @param quantity - A whole number of items.
 * @returns The total as a decimal string, such as `'25.00'`.
 * @throws RangeError when `price` is not such an amount.
 */
export function multiplyAmount(price: string, quantity: number): string {
  return fromCents(toCents(price) * BigInt(quantity))
}

/**
 * The sum of amounts.
 *
 * @param amounts - Non-negative amounts with at most two decimals, such as `'12.5'`.
 * @returns The sum as a decimal string with two decimals (`'0.00'` for none).
 * @throws RangeError when one is not such an amount.
 */
export function sumAmounts(amounts: readonly string[]): string {
  return fromCents(amounts.reduce((sum, amount) => sum + toCents(amount), 0n))
}

function toCents(amount: string): bigint {
  const match = AMOUNT.exec(amount)
  if (match === null) throw new RangeError(`${JSON.stringify(amount)} is not an amount such as '12.50'.`)
  const [, whole = '0', fraction = ''] = match
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

function fromCents(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`
}
