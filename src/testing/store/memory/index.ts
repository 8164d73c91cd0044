/**
 * The reference host's in-memory query engine: schemas, stored rows, value normalisation, query
 * compilation with PostgreSQL's semantics, and indexed tables. Internal to the package.
 *
 * @internal
 * @module
 */
export {
  FIELD_TYPES,
  isFieldType,
  isOrderableType,
  isRangeType,
  isTextType,
  type FieldType,
} from '../../domains/field-types.js'
export {
  createDomainSchema,
  createStoredRow,
  storedRowFrom,
  type DomainSchema,
  type FieldSchema,
  type StoredRow,
  type StoredValue,
} from '../../domains/schema.js'
export {
  normalizeFieldValue,
  tryNormalizeFieldValue,
  type NormalizeResult,
} from '../../domains/normalize-field-value.js'
export {
  compileQuery,
  planQuery,
  type EngineQuery,
  type IndexLookup,
  type QueryPlan,
  type RowPredicate,
} from './compile-query.js'
export { compareRows, type RowComparator } from './compare-rows.js'
export { compareCodePoints } from '../../domains/code-points.js'
export { describeValue } from '../../domains/describe-value.js'
export { canonicalDecimal, compareDecimals, equalsCanonical, parseDecimal } from '../../domains/decimal.js'
export { Table, type EnginePage, type SelectResult, type TableCounters, type TableOptions } from './table.js'
export { TransactionOverlay } from './transaction-overlay.js'
