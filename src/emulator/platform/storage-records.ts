import { randomUUID } from 'node:crypto'
import {
  DomainHelper,
  DomainObjectRenderType,
  SimpleQuery,
  StorageUtils,
  type StorageFieldValue,
} from '../../index.js'
import type { DomainDefinition } from '../../testing/index.js'

/** The platform domain of stored files. */
export const STORAGE_DOMAIN = 'StorageFieldValue'

/** The storage engine the emulator's files are in, under the platform's name for a server's own disk. */
const STORAGE_ENGINE = 'LOCAL_FILE'

/**
 * The emulator's own fields of a `StorageFieldValue` record, never on the wire: the host's stored file that holds
 * the bytes, and who uploaded it (the uploader may use and download the file before any record holds it).
 */
const HIDDEN_FIELDS = ['storedFile', 'uploadedBy'] as const

/**
 * The platform's stored-file record (§14.7): what an upload answers and what a FILE field holds on the wire.
 *
 * @internal
 */
export const STORAGE_RECORDS: Readonly<Record<string, DomainDefinition>> = Object.freeze({
  [STORAGE_DOMAIN]: {
    fields: {
      fileName: { type: 'STRING', required: true },
      displayName: 'STRING',
      mimeType: { type: 'STRING', required: true },
      // The platform's StorageFieldValue: Integer displaySequence = 1.
      displaySequence: { type: 'INTEGER', default: 1 },
      description: 'STRING',
      key: 'STRING',
      directAccessKey: 'STRING',
      storageEngine: { type: 'STRING', default: STORAGE_ENGINE },
      storedFile: 'FILE',
      uploadedBy: 'STRING',
    },
    labelField: 'fileName',
  },
})

/**
 * A `StorageFieldValue` record as the emulator reads it.
 *
 * @internal
 */
export interface StoredFileRecord {
  readonly id: number
  fileName: string
  displayName: string | null
  readonly mimeType: string
  displaySequence: number | null
  readonly description: string | null
  readonly key: string | null
  readonly directAccessKey: string | null
  readonly storageEngine: string | null
  readonly storedFile: StorageFieldValue | null
  readonly uploadedBy: string | null
}

/**
 * Stores an upload: the bytes with the host's `StorageUtils`, and a `StorageFieldValue` record naming them, with
 * a direct-access key `<uuid>.<extension>` as the platform makes it. Runs where the host is bound, as the
 * uploader.
 *
 * @param file - The file's name, type, bytes and description.
 * @param uploadedBy - The uploader's username.
 * @returns The record, created.
 * @internal
 */
export function storeUpload(
  file: { fileName: string; mimeType: string; content: Uint8Array; description: string | null },
  uploadedBy: string,
): StoredFileRecord {
  const storedFile = StorageUtils.createStorageFileDomain(file.fileName, file.mimeType, file.content)
  const extension = /\.([A-Za-z0-9]{1,16})$/.exec(file.fileName)?.[1]
  const record = DomainHelper.buildDomain(STORAGE_DOMAIN, {
    fileName: file.fileName,
    displayName: file.fileName,
    mimeType: file.mimeType,
    description: file.description,
    key: storedFile.key,
    directAccessKey: extension === undefined ? randomUUID() : `${randomUUID()}.${extension.toLowerCase()}`,
    storedFile,
    uploadedBy,
  }) as unknown as StoredFileRecord
  DomainHelper.createDomain(record)
  return record
}

/**
 * The `StorageFieldValue` record with that id in the current tenant, or `null`.
 *
 * @internal
 */
export function fileRecord(id: number): StoredFileRecord | null {
  return SimpleQuery.getById(STORAGE_DOMAIN, id) as StoredFileRecord | null
}

/**
 * The `StorageFieldValue` record of the host's stored file under `key` in the current tenant, or `null` (a file
 * a plugin stored with `StorageUtils` has none).
 *
 * @internal
 */
export function fileRecordOfKey(key: string): StoredFileRecord | null {
  return (SimpleQuery.of(STORAGE_DOMAIN).eq('key', key).list(0, 1)[0] ?? null) as StoredFileRecord | null
}

/**
 * A `StorageFieldValue` record as the wire carries it: the platform's fields, without the emulator's own.
 *
 * @internal
 */
export function recordOnWire(map: Record<string, unknown>): Record<string, unknown> {
  const wire = { ...map }
  for (const field of HIDDEN_FIELDS) delete wire[field]
  return wire
}

/**
 * What a FILE field holds on the wire: the `StorageFieldValue` record of the host's stored file, or, for a file
 * stored without one (by a plugin's `StorageUtils` call), the host's value in the same shape, under its own id.
 * Runs where the host is bound.
 *
 * @internal
 */
export function fileOnWire(value: StorageFieldValue): Record<string, unknown> {
  const record = fileRecordOfKey(value.key)
  if (record !== null) return recordOnWire(DomainHelper.render(record, DomainObjectRenderType.ALL_COLUMNS))
  return {
    id: value.id,
    fileName: value.fileName,
    displayName: value.fileName,
    mimeType: value.mimeType,
    displaySequence: value.displaySequence,
    description: value.description,
    key: value.key,
    directAccessKey: null,
    storageEngine: STORAGE_ENGINE,
  }
}
