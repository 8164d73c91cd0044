/** Most digits a canonical decimal may have on either side of the point; PostgreSQL's numeric allows far more, no plugin needs it. */
const MAX_DIGITS = 1000

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,9}))?$/

/**
 * Parses decimal text (`12.50`, `-3`, `.5`, `1e-7`) into its canonical form: no exponent, no leading zeros
 * in the integer part, no trailing zeros in the fraction, no `-0`. Two canonical strings are equal exactly
 * when the numbers are, and {@link compareDecimals} orders them without ever going through a float.
 *
 * @param text - The decimal text.
 * @returns The canonical decimal, or `null` when `text` is not a decimal or has more than 1000 digits on a
 *   side of the point.
 * @internal
 */
export function parseDecimal(text: string): string | null {
  const match = DECIMAL.exec(text)
  if (match === null) return null
  const [, sign, whole = '', fraction = '', exponent] = match
  if (whole === '' && fraction === '') return null
  let digits = whole + fraction
  let point = whole.length + (exponent === undefined ? 0 : Number(exponent))
  let start = 0
  while (start < digits.length && digits.charCodeAt(start) === 48) start++
  point -= start
  let end = digits.length
  while (end > start && digits.charCodeAt(end - 1) === 48) end--
  digits = digits.slice(start, end)
  if (digits === '') return '0'
  if (point > MAX_DIGITS || digits.length - point > MAX_DIGITS) return null
  let canonical: string
  if (point <= 0) canonical = `0.${'0'.repeat(-point)}${digits}`
  else if (point >= digits.length) canonical = digits + '0'.repeat(point - digits.length)
  else canonical = `${digits.slice(0, point)}.${digits.slice(point)}`
  return sign === '-' ? `-${canonical}` : canonical
}

/**
 * The canonical decimal of a finite JavaScript number, through its shortest round-trip text (as Java's
 * `BigDecimal.valueOf(double)` does): `0.1` becomes `0.1`, not the binary expansion.
 *
 * @param value - A finite number.
 * @returns The canonical decimal.
 * @internal
 */
export function decimalFromNumber(value: number): string {
  return parseDecimal(String(value)) ?? '0'
}

/**
 * Compares two canonical decimals numerically, exactly.
 *
 * @param a - A canonical decimal from {@link parseDecimal}.
 * @param b - Another.
 * @returns A negative number when `a < b`, zero when equal, positive when `a > b`.
 * @internal
 */
export function compareDecimals(a: string, b: string): number {
  if (a === b) return 0
  const negativeA = a.charCodeAt(0) === 45
  const negativeB = b.charCodeAt(0) === 45
  if (negativeA !== negativeB) return negativeA ? -1 : 1
  const magnitude = compareMagnitudes(negativeA ? a.slice(1) : a, negativeB ? b.slice(1) : b)
  return negativeA ? -magnitude : magnitude
}

/** Compares two unsigned canonical decimals: integer length, then integer digits, then fraction digits. */
function compareMagnitudes(a: string, b: string): number {
  const pointA = a.indexOf('.')
  const pointB = b.indexOf('.')
  const wholeA = pointA < 0 ? a.length : pointA
  const wholeB = pointB < 0 ? b.length : pointB
  if (wholeA !== wholeB) return wholeA - wholeB
  // Same integer length and no trailing fraction zeros: plain digit order decides.
  return a < b ? -1 : a > b ? 1 : 0
}
