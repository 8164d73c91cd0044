import { SimpleQuery, type StorageFieldValue } from '../../index.js'
import type { RequestUser } from '../logic/logic-request.js'
import type { DomainCatalog, Operation } from '../platform/domain-catalog.js'
import {
  fileRecord,
  fileRecordOfKey,
  STORAGE_DOMAIN,
  type StoredFileRecord,
} from '../platform/storage-records.js'
import { isPlainObject } from '../wire/is-plain-object.js'
import { allows } from './permissions.js'

/**
 * A stored file a caller may reach: the host's value that holds the bytes, and its `StorageFieldValue` record
 * (`null` for a file a plugin stored without one).
 *
 * @internal
 */
export interface ReachableFile {
  readonly value: StorageFieldValue
  readonly record: StoredFileRecord | null
}

/**
 * Whether a record of a domain the user may `read` (and, for `update`, also update) holds the stored file under
 * `key` in a FILE field. The `StorageFieldValue` records themselves do not count here: reading that domain is
 * checked apart.
 */
function heldIn(catalog: DomainCatalog, user: RequestUser, key: string, operation: Operation): boolean {
  return findHeld(catalog, user, (value) => value.key === key, operation) !== undefined
}

/** The first FILE value matching `test` in a record the user may `read` (and `operation`), or `undefined`. */
function findHeld(
  catalog: DomainCatalog,
  user: RequestUser,
  test: (value: StorageFieldValue) => boolean,
  operation: Operation = 'read',
): StorageFieldValue | undefined {
  for (const domain of catalog.names) {
    if (domain === STORAGE_DOMAIN) continue
    if (!allows(catalog, user, domain, 'read') || !allows(catalog, user, domain, operation)) continue
    for (const field of catalog.fieldsOfType(domain, 'FILE')) {
      for (const object of SimpleQuery.of(domain).notNull(field).listAll()) {
        const value = (object as Record<string, unknown>)[field] as StorageFieldValue
        if (test(value)) return value
      }
    }
  }
  return undefined
}

/**
 * The stored file a wire id names (a `StorageFieldValue` record's id, or the host's id of a file stored without
 * one), if the user may reach it: the user uploaded it, may read the `StorageFieldValue` domain, or may read a
 * record that holds it. `undefined` both for a file that does not exist and for one the user may not reach, so
 * that no answer tells the two apart. Runs where the host is bound, as the caller.
 *
 * @param catalog - The domains and their role requirements.
 * @param user - The caller.
 * @param id - The id the caller sent.
 * @returns The file, or `undefined`.
 * @internal
 */
export function reachableFile(
  catalog: DomainCatalog,
  user: RequestUser,
  id: number,
): ReachableFile | undefined {
  const record = fileRecord(id)
  if (record !== null) {
    const value = record.storedFile
    if (value === null) return undefined
    const reachable =
      record.uploadedBy === user.username ||
      allows(catalog, user, STORAGE_DOMAIN, 'read') ||
      heldIn(catalog, user, value.key, 'read')
    return reachable ? { value, record } : undefined
  }
  const value = findHeld(catalog, user, (held) => held.id === id && fileRecordOfKey(held.key) === null)
  return value === undefined ? undefined : { value, record: null }
}

/**
 * Whether the user may change a reachable file's record (rename it, sort it, delete it): the uploader, who may
 * update `StorageFieldValue` records, or who may read and update a record that holds it. Runs where the host is
 * bound, as the caller.
 *
 * @internal
 */
export function mayChangeFile(catalog: DomainCatalog, user: RequestUser, file: ReachableFile): boolean {
  return (
    file.record?.uploadedBy === user.username ||
    allows(catalog, user, STORAGE_DOMAIN, 'update') ||
    heldIn(catalog, user, file.value.key, 'update')
  )
}

/**
 * Binds the FILE fields of a write to the files they name, in place: each value `{id, ...}` becomes the host's
 * stored file that the id names, whatever else the caller wrote beside the id (a forged `key` or `fileName` is
 * never kept). A user may put a file into a record only if the user uploaded it or may read a record that
 * already holds it (the record being updated counts when the field keeps its file). A value that is not an
 * object with an id is left for the host's type check. Runs where the host is bound, as the caller.
 *
 * @param catalog - The domains and their role requirements.
 * @param user - The caller.
 * @param domain - The domain written.
 * @param fields - The fields as the caller sent them; changed in place.
 * @param current - The record as stored, for an update.
 * @returns The refusal, the same for a file that does not exist and one the user may not use, or `undefined`.
 * @internal
 */
export function bindFiles(
  catalog: DomainCatalog,
  user: RequestUser,
  domain: string,
  fields: Record<string, unknown>,
  current?: Readonly<Record<string, unknown>>,
): string | undefined {
  for (const field of catalog.fieldsOfType(domain, 'FILE')) {
    const given = Object.hasOwn(fields, field) ? fields[field] : undefined
    if (!isPlainObject(given) || typeof given['id'] !== 'number') continue
    const id = given['id']
    const kept = (current?.[field] ?? null) as StorageFieldValue | null
    if (kept !== null && (kept.id === id || fileRecordOfKey(kept.key)?.id === id)) {
      fields[field] = kept
      continue
    }
    const file = reachableFile(catalog, user, id)
    if (file === undefined) {
      return (
        `${field}: there is no stored file ${id} that you may put into a record. ` +
        'Send the StorageFieldValue that POST /api/attachment/upload answered you, or one held by a record you may read.'
      )
    }
    fields[field] = file.value
  }
  return undefined
}
