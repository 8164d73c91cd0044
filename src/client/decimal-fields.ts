import type { DomainName, DomainRegistry, TextField } from '../index.js'

/**
 * BIG_DECIMAL fields to read as exact decimal strings, by domain name: `{ Order: ['total'] }`. For a domain
 * declared in `DomainRegistry` the names are checked, and must be `string` fields (a BIG_DECIMAL is modelled
 * as a decimal string there); any other domain takes any names.
 *
 * @example
 * ```ts
 * import { createClient, type DecimalFields } from '@tech-vendor/api/client'
 *
 * const decimals: DecimalFields = { Product: ['price'], Order: ['total', 'discount'] }
 * const client = createClient({ baseUrl: '/api', decimals })
 * ```
 */
export type DecimalFields = {
  readonly [N in DomainName]?: readonly TextField<DomainRegistry[N]>[]
} & { readonly [domain: string]: readonly string[] | undefined }

/** A JSON string token, then, if it is a key, its colon and a number value. Strings are consumed whole. */
const KEYED_NUMBER = /("(?:[^"\\]|\\.)*")(?:(\s*:\s*)(-?\d[\d.eE+-]*))?/g

/**
 * Quotes the number value of every key named in `fields`, so that `JSON.parse` keeps its text (`"12.50"`)
 * instead of a rounded number. Every string token is matched whole, so a number inside a string is never
 * touched.
 *
 * @internal
 */
export function quoteDecimals(json: string, fields: readonly string[]): string {
  return json.replace(KEYED_NUMBER, (token, key: string, colon?: string, number?: string) =>
    number !== undefined && fields.includes(key.slice(1, -1)) ? `${key}${colon}"${number}"` : token,
  )
}
