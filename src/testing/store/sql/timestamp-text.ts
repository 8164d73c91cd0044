/**
 * An instant as PostgreSQL reads a `timestamp with time zone`: `2024-03-01 09:15:00.123+00`, years before 1
 * as `... BC` (PostgreSQL has no year 0: year 0 of a JavaScript `Date` is 1 BC).
 *
 * @param epochMillis - Milliseconds since the epoch.
 * @returns The text.
 * @internal
 */
export function timestampText(epochMillis: number): string {
  const date = new Date(epochMillis)
  const year = date.getUTCFullYear()
  const bc = year <= 0
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0')
  return (
    `${pad(bc ? 1 - year : year, 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.` +
    `${pad(date.getUTCMilliseconds(), 3)}+00${bc ? ' BC' : ''}`
  )
}

const TIMESTAMP =
  /^(\d{4,})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.(\d+))?(?:([+-])(\d\d)(?::(\d\d)(?::(\d\d))?)?)?( BC)?$/

/**
 * Reads PostgreSQL's ISO text of a `timestamp with time zone` (or, taken as UTC, of a `timestamp`) as epoch
 * milliseconds; digits past the millisecond are dropped, as a JavaScript `Date` holds none.
 *
 * @param text - Such as `2024-03-01 09:15:00.123456+01` or `0044-03-15 12:00:00+00 BC`.
 * @returns Epoch milliseconds, or `undefined` for text in another form (`infinity`, another `DateStyle`).
 * @internal
 */
export function parseTimestampText(text: string): number | undefined {
  const match = TIMESTAMP.exec(text)
  if (match === null) return undefined
  const [, y, mo, d, h, mi, s, fraction = '', sign, oh = '0', om = '0', os = '0', bc] = match
  const year = bc === undefined ? Number(y) : 1 - Number(y)
  const date = new Date(0)
  date.setUTCFullYear(year, Number(mo) - 1, Number(d))
  date.setUTCHours(Number(h), Number(mi), Number(s), Number(fraction.padEnd(3, '0').slice(0, 3)))
  const offset = (sign === '-' ? -1 : 1) * (Number(oh) * 3600 + Number(om) * 60 + Number(os)) * 1000
  return date.getTime() - offset
}
