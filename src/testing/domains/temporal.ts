const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const ZONED =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)(?:\[[^\]]+\])?$/

/** Days in a month of the proleptic Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

function validDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

/**
 * Checks a LOCAL_DATE text: `YYYY-MM-DD`, a real calendar date, year 0001 to 9999.
 *
 * @param text - The text.
 * @returns `text` when valid (it is already canonical and orders as text), else `null`.
 * @internal
 */
export function parseLocalDate(text: string): string | null {
  const match = LOCAL_DATE.exec(text)
  if (match === null) return null
  const year = Number(match[1])
  return year >= 1 && validDate(year, Number(match[2]), Number(match[3])) ? text : null
}

/**
 * Parses an ISO-8601 date-time with an offset (`2024-03-01T10:15:00+01:00`, `...Z`, Java's
 * `ZonedDateTime.toString()` form with a trailing `[Europe/Paris]`) into epoch milliseconds. Digits past
 * the millisecond are dropped (the host keeps milliseconds, as a JavaScript `Date` does).
 *
 * @param text - The text.
 * @returns Epoch milliseconds, or `null` when `text` is not such a date-time or has no offset.
 * @internal
 */
export function parseZonedDateTime(text: string): number | null {
  const match = ZONED.exec(text)
  if (match === null) return null
  const [, y, mo, d, h, mi, s = '0', fraction = '', zulu, sign, offsetHours = '0', offsetMinutes = '0'] =
    match
  const year = Number(y)
  const month = Number(mo)
  const day = Number(d)
  const hour = Number(h)
  const minute = Number(mi)
  const second = Number(s)
  const oh = Number(offsetHours)
  const om = Number(offsetMinutes)
  if (!validDate(year, month, day) || hour > 23 || minute > 59 || second > 59 || oh > 18 || om > 59)
    return null
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3))
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  date.setUTCHours(hour, minute, second, millis)
  const offset = zulu === undefined ? (sign === '-' ? -1 : 1) * (oh * 60 + om) * 60_000 : 0
  return date.getTime() - offset
}
