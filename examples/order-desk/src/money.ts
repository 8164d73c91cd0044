/**
 * Amounts are BIG_DECIMAL fields, so decimal strings (`'12.5'`): they are computed in whole cents, never in
 * floating point.
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
 * An amount with exactly two decimals, for people: `'12.5'` becomes `'12.50'`.
 *
 * @throws RangeError when `amount` is not a non-negative amount with at most two decimals.
 */
export function formatAmount(amount: string): string {
  return fromCents(toCents(amount))
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
