import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'
import { checkedFacet, LINKED, type FacadeClass } from '../runtime-contract/dispatch.js'
import { members } from '../runtime-contract/members.js'
import { describeValue, requireName } from './argument-checks.js'
import type { InputStream } from '../model/java-types.js'
import type { StorageFieldValue } from '../model/storage-field-value.js'

const WHERE = 'StorageUtils.createStorageFileDomain'

/**
 * Saves files to platform storage.
 *
 * @example
 * ```ts
 * import { DomainHelper, StorageUtils } from '@tech-vendor/api'
 *
 * const file = StorageUtils.createStorageFileDomain('report.csv', 'text/csv', 'id,total\n1,20\n')
 * DomainHelper.createDomain(DomainHelper.buildDomain('Report', { attachment: file }))
 * ```
 */
export class StorageUtils {
  private constructor() {}

  /**
   * Saves a file to platform storage and returns the stored file, which can be assigned to an object's file
   * field (then saved with `DomainHelper.createDomain` or `updateDomain`).
   *
   * The content is read in full before anything is stored, so a bad chunk stores nothing. Every form of
   * `InputStream` reaches the platform as the same bytes: a string is written as UTF-8, a `Uint8Array` (a
   * `Buffer`) or an `ArrayBuffer` is copied as is, chunks are joined in order. An asynchronous source (a Node
   * stream, a `Blob`, a `fetch` body) must be read first: the API is synchronous, as the Java one is.
   *
   * @param fileName - The name the file keeps, such as `invoice-42.pdf`; not blank.
   * @param mimeType - Its MIME type, such as `application/pdf`; not blank (`application/octet-stream` when unknown).
   * @param inputStream - The content: a `Uint8Array`/`Buffer`, an `ArrayBuffer`, a string, or an iterable of
   *   `Uint8Array` chunks.
   * @returns The stored file: its id, name, MIME type, storage key and engine.
   * @throws {@link IllegalArgumentException} when a name is blank or the content is none of the accepted forms;
   *   nothing is stored.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link StorageFieldValue} for what the stored file holds.
   * @example
   * ```ts
   * import { readFileSync } from 'node:fs'
   * import { StorageUtils } from '@tech-vendor/api'
   *
   * const pdf = StorageUtils.createStorageFileDomain('invoice-42.pdf', 'application/pdf', readFileSync('invoice-42.pdf'))
   * const csv = StorageUtils.createStorageFileDomain('rows.csv', 'text/csv', ['a,b\n', '1,2\n'].map((line) => new TextEncoder().encode(line)))
   * console.log(pdf.key, csv.fileName)
   * ```
   */
  static createStorageFileDomain(
    fileName: string,
    mimeType: string,
    inputStream: InputStream,
  ): StorageFieldValue {
    const facet =
      (this as FacadeClass)?.[LINKED]?.createStorageFileDomain ??
      checkedFacet(members.createStorageFileDomain, arguments, StorageUtils)
    requireName(fileName, `${WHERE}(fileName, mimeType, inputStream)`, 'fileName')
    requireName(mimeType, `${WHERE}(fileName, mimeType, inputStream)`, "mimeType (such as 'text/csv')")
    return facet.createStorageFileDomain(fileName, mimeType, readFully(inputStream))
  }
}

/** The bytes of an `InputStream`, as one fresh `Uint8Array` that the caller cannot change afterwards. */
function readFully(inputStream: unknown): Uint8Array {
  if (typeof inputStream === 'string') return new TextEncoder().encode(inputStream)
  if (isUint8Array(inputStream)) return copyBytes(inputStream)
  if (isArrayBuffer(inputStream)) return copyBytes(inputStream)
  if (
    !ArrayBuffer.isView(inputStream) && // another typed array iterates numbers, not chunks
    typeof inputStream === 'object' &&
    inputStream != null &&
    typeof (inputStream as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function'
  ) {
    return joinChunks(inputStream as Iterable<unknown>)
  }
  throw new IllegalArgumentException(
    `${WHERE} expects inputStream as a Uint8Array (or Buffer), an ArrayBuffer, a string or an iterable of ` +
      `Uint8Array chunks, got ${describeValue(inputStream)}.${asyncHint(inputStream)}`,
  )
}

/** A copy of the bytes; a detached buffer (transferred away) has none left to read. */
function copyBytes(source: Uint8Array | ArrayBuffer): Uint8Array {
  try {
    return source instanceof Uint8Array || isUint8Array(source)
      ? new Uint8Array(source)
      : new Uint8Array(source.slice(0))
  } catch (error) {
    throw new IllegalArgumentException(
      `${WHERE} was given ${isUint8Array(source) ? 'a Uint8Array over ' : ''}a detached ArrayBuffer: its bytes were ` +
        'transferred away (postMessage, structuredClone with transfer, ArrayBuffer.transfer). Pass it before ' +
        'transferring it, or a copy of it. Nothing was stored.',
      { cause: error },
    )
  }
}

function joinChunks(chunks: Iterable<unknown>): Uint8Array {
  const parts: Uint8Array[] = []
  let length = 0
  let index = 0
  for (const chunk of chunks) {
    if (!isUint8Array(chunk)) {
      throw new IllegalArgumentException(
        `${WHERE} expects every chunk of inputStream to be a Uint8Array, but chunk ${index} is ` +
          `${describeValue(chunk)}. Encode text chunks first (new TextEncoder().encode(text)), or pass the whole ` +
          'content as one string or Uint8Array.',
      )
    }
    parts.push(chunk)
    length += chunk.byteLength
    index++
  }
  const bytes = new Uint8Array(length)
  let offset = 0
  for (const part of parts) {
    // A detached chunk reads as empty; set() tells it apart.
    if (part.byteLength === 0) copyBytes(part)
    else bytes.set(part, offset)
    offset += part.byteLength
  }
  return bytes
}

/** `instanceof` fails across realms (a vm context, a worker's buffer), the tag does not. */
function isUint8Array(value: unknown): value is Uint8Array {
  return (
    ArrayBuffer.isView(value) &&
    (value as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === 'Uint8Array'
  )
}

function isArrayBuffer(value: unknown): value is ArrayBuffer {
  return value instanceof ArrayBuffer || Object.prototype.toString.call(value) === '[object ArrayBuffer]'
}

function asyncHint(value: unknown): string {
  if (typeof value !== 'object' || value == null) return ''
  if (typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function') {
    return ' An asynchronous stream must be read first, for example Buffer.concat(await stream.toArray()).'
  }
  if (ArrayBuffer.isView(value)) {
    return ' For another typed array or a DataView, pass new Uint8Array(view.buffer, view.byteOffset, view.byteLength).'
  }
  if (typeof (value as { arrayBuffer?: unknown }).arrayBuffer === 'function') {
    return ' A Blob or a response body must be read first: new Uint8Array(await blob.arrayBuffer()).'
  }
  return ''
}
