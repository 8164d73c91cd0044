import type { FieldSchema, StoredValue } from './schema.js'

/** The value a render puts in its map for a stored value: references as `{ id }`. */
export function renderValue(field: FieldSchema, value: StoredValue): unknown {
  if (value === null) return null
  switch (field.type) {
    case 'ZONED_DATETIME':
      return new Date(value as number)
    case 'DOMAIN_OBJECT':
      return { id: value as number }
    case 'DOMAIN_OBJECT_LIST':
      return (value as readonly number[]).map((id) => ({ id }))
    default:
      return value
  }
}
