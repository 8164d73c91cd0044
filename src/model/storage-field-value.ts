/**
 * A file saved in platform storage, as returned by `StorageUtils.createStorageFileDomain` and held by a
 * domain object's file field.
 *
 * The document does not show this structure; this port gives it the fields the platform's file field
 * carries: the record id, the original name and MIME type, the ordering among several files of one field,
 * a free description, the storage key, and the engine that holds the bytes.
 *
 * @example
 * ```ts
 * import { StorageUtils, type StorageFieldValue } from '@tech-vendor/api'
 *
 * const file: StorageFieldValue = StorageUtils.createStorageFileDomain('a.csv', 'text/csv', 'a,b\n')
 * console.log(file.fileName, file.key, file.storageEngine)
 * ```
 */
export interface StorageFieldValue {
  /** Id of the stored-file record. */
  readonly id: number
  /** The file name given when it was saved, such as `invoice-42.pdf`. */
  readonly fileName: string
  /** The MIME type given when it was saved, such as `application/pdf`. */
  readonly mimeType: string
  /** Position among the files of one field, starting at 0. */
  readonly displaySequence: number
  /** A free description, `null` when none was given. */
  readonly description: string | null
  /** The key under which the storage engine keeps the bytes. */
  readonly key: string
  /** The storage engine that holds the bytes, such as `memory`, `local` or `s3`. */
  readonly storageEngine: string
}
