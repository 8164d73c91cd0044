import type { StorageFieldValue } from '../../../model/storage-field-value.js'
import { IllegalStateException } from '../../../errors/illegal-state-exception.js'
import type { FieldSchema, StoredValue } from '../../domains/schema.js'
import { arrayLiteral, parseArrayLiteral } from './array-literal.js'
import { parseTimestampText, timestampText } from './timestamp-text.js'

/**
 * A stored value as the text PostgreSQL reads for its column (`null` for NULL): numbers and booleans as
 * literals, instants as `timestamp with time zone` text, references and files as their ids, lists as an
 * array of ids.
 *
 * @param field - The field.
 * @param value - The stored value (see `normalizeFieldValue`).
 * @returns The parameter text.
 * @internal
 */
export function encodeStored(field: FieldSchema, value: StoredValue): string | null {
  if (value === null) return null
  switch (field.type) {
    case 'ZONED_DATETIME':
      return timestampText(value as number)
    case 'FILE':
      return String((value as StorageFieldValue).id)
    case 'DOMAIN_OBJECT_LIST':
      return arrayLiteral((value as readonly number[]).map(String))
    default: {
      const scalar = value as string | number | boolean
      return String(scalar)
    }
  }
}

/**
 * A column's text as the stored value of its field: the inverse of {@link encodeStored}, for what the host
 * wrote and for what native SQL wrote. A list arrives as an array of ids, a file as the JSON array of its
 * stored-file record.
 *
 * @param field - The field.
 * @param text - The column's text, `null` for NULL.
 * @param where - The table and id, for the message.
 * @returns The stored value.
 * @throws {@link IllegalStateException} for a value the host cannot hold (a LONG beyond ±2^53, an infinite
 *   instant), written by native SQL.
 * @internal
 */
export function decodeStored(field: FieldSchema, text: string | null, where: string): StoredValue {
  if (text === null) return field.type === 'DOMAIN_OBJECT_LIST' ? Object.freeze([]) : null
  switch (field.type) {
    case 'STRING':
    case 'JSON_STRING':
    case 'BIG_DECIMAL':
    case 'LOCAL_DATE':
      return text
    case 'BOOLEAN':
      return text === 't'
    case 'DOUBLE':
      return Number(text)
    case 'INTEGER':
    case 'LONG':
    case 'DOMAIN_OBJECT': {
      const number = Number(text)
      if (!Number.isSafeInteger(number)) throw unrepresentable(field, text, where, 'beyond ±2^53')
      return number
    }
    case 'ZONED_DATETIME': {
      const epoch = parseTimestampText(text)
      if (epoch === undefined || !Number.isFinite(epoch))
        throw unrepresentable(field, text, where, 'not an instant a Date holds')
      return epoch
    }
    case 'DOMAIN_OBJECT_LIST':
      return Object.freeze(parseArrayLiteral(text).map(Number))
    case 'FILE': {
      const [id, fileName, mimeType, displaySequence, description, key, storageEngine] = JSON.parse(
        text,
      ) as unknown[]
      return Object.freeze({
        id,
        fileName,
        mimeType,
        displaySequence,
        description,
        key,
        storageEngine,
      }) as StorageFieldValue
    }
  }
}

function unrepresentable(
  field: FieldSchema,
  text: string,
  where: string,
  why: string,
): IllegalStateException {
  return new IllegalStateException(
    `${where}: the ${field.type} field ${field.name} holds ${text}, ${why}, which the host cannot read back; ` +
      'native SQL wrote it. Write values the field type takes (docs/sql.md lists each column type).',
  )
}
