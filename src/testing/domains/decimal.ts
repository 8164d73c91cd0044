/** Most digits a decimal may have on either side of the point; PostgreSQL's numeric allows far more, no plugin needs it. */
const MAX_DIGITS = 1000

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,9}))?$/

/**
 * Parses decimal text (`12.50`, `-3`, `.5`, `1.50e2`) into the plain decimal the engine stores: the value
 * with the scale it was written with, as PostgreSQL's `numeric` and Java's `BigDecimal` keep it. No exponent
 * (`1.5e-3` is `0.0015`, `1.50e2` is `150`, `1e3` is `1000`), no `+`, no leading zeros in the integer part
 * (`.5` is `0.5`), trailing fraction zeros kept (`25.00` stays `25.00`), no sign on zero (`-0.00` is
 * `0.00`). Compare plain decimals with {@link compareDecimals}, and test equality on
 * {@link canonicalDecimal}: `25.00` and `25` are the same number.
 *
 * @param text - The decimal text.
 * @returns The plain decimal, or `null` when `text` is not a decimal or has more than 1000 digits on a side
 *   of the point.
 * @internal
 */
export function parseDecimal(text: string): string | null {
  const match = DECIMAL.exec(text)
  if (match === null) return null
  const [, sign, whole = '', fraction = '', exponentText] = match
  if (whole === '' && fraction === '') return null
  const exponent = exponentText === undefined ? 0 : Number(exponentText)
  const digits = whole + fraction
  // The value is digits × 10^(point - digits.length); the scale is the count of digits after the point.
  const point = whole.length + exponent
  const scale = Math.max(0, digits.length - point)
  if (scale > MAX_DIGITS) return null
  let start = 0
  while (start < digits.length && digits.charCodeAt(start) === 48) start++
  if (start === digits.length) return scale === 0 ? '0' : `0.${'0'.repeat(scale)}`
  if (point - start > MAX_DIGITS) return null
  const integer =
    point <= start
      ? '0'
      : point <= digits.length
        ? digits.slice(start, point)
        : digits.slice(start) + '0'.repeat(point - digits.length)
  const plain =
    scale === 0 ? integer : `${integer}.${point >= 0 ? digits.slice(point) : '0'.repeat(-point) + digits}`
  return sign === '-' ? `-${plain}` : plain
}

/**
 * The plain decimal of a finite JavaScript number: its shortest round-trip text (as Java's
 * `BigDecimal.valueOf(double)` takes it), so `0.1` is `0.1`, not the binary expansion, and `25` is `25`.
 *
 * @param value - A finite number.
 * @returns The plain decimal.
 * @internal
 */
export function decimalFromNumber(value: number): string {
  return parseDecimal(String(value)) ?? '0'
}

/**
 * The canonical form of a plain decimal: its trailing fraction zeros dropped (`25.00` is `25`, `0.50` is
 * `0.5`). Two canonical decimals are equal exactly when the numbers are, so equality conditions and hash
 * indexes use it. Returns `decimal` itself, without allocating, when it is already canonical.
 *
 * @param decimal - A plain decimal from {@link parseDecimal}.
 * @returns The canonical decimal.
 * @internal
 */
export function canonicalDecimal(decimal: string): string {
  let end = decimal.length
  if (decimal.charCodeAt(end - 1) !== 48 || decimal.indexOf('.') < 0) return decimal
  while (decimal.charCodeAt(end - 1) === 48) end--
  if (decimal.charCodeAt(end - 1) === 46) end--
  return decimal.slice(0, end)
}

/**
 * Tells whether a plain decimal is numerically equal to a canonical one (`25.00` and `25`), without
 * allocating: `decimal` must be `canonical` followed by nothing but fraction zeros.
 *
 * @param decimal - A plain decimal from {@link parseDecimal}.
 * @param canonical - A canonical decimal from {@link canonicalDecimal}.
 * @returns `true` when both are the same number.
 * @internal
 */
export function equalsCanonical(decimal: string, canonical: string): boolean {
  if (decimal === canonical) return true
  const length = canonical.length
  if (decimal.length <= length || !decimal.startsWith(canonical)) return false
  let i = length
  // After an integer, the rest must start with the point: `10` is not `1`.
  if (canonical.indexOf('.') < 0 && decimal.charCodeAt(i++) !== 46) return false
  for (; i < decimal.length; i++) if (decimal.charCodeAt(i) !== 48) return false
  return true
}

/**
 * Compares two plain decimals numerically, exactly, whatever their scales: `1.50` equals `1.5`, and
 * `1.499` is below both.
 *
 * @param a - A plain decimal from {@link parseDecimal} (or a canonical one).
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
  return negativeA && magnitude !== 0 ? -magnitude : magnitude
}

/**
 * Compares two unsigned plain decimals: integer length, then digits. With equal integer lengths the points
 * line up, so the first differing digit decides; when one is a prefix of the other, the longer is greater
 * unless all it adds is zeros (and the point).
 */
function compareMagnitudes(a: string, b: string): number {
  const pointA = a.indexOf('.')
  const pointB = b.indexOf('.')
  const wholeA = pointA < 0 ? a.length : pointA
  const wholeB = pointB < 0 ? b.length : pointB
  if (wholeA !== wholeB) return wholeA - wholeB
  if (a < b) return a.length < b.length && b.startsWith(a) && onlyZerosFrom(b, a.length) ? 0 : -1
  if (a > b) return b.length < a.length && a.startsWith(b) && onlyZerosFrom(a, b.length) ? 0 : 1
  return 0
}

/** Whether `text` holds nothing but zeros and the point from `start` on. */
function onlyZerosFrom(text: string, start: number): boolean {
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code !== 48 && code !== 46) return false
  }
  return true
}
