import type { StoredRow } from '../../domains/schema.js'

/** A table's rows by position, in id order, with `undefined` where a row was deleted. @internal */
export type Slots = readonly (StoredRow | undefined)[]
