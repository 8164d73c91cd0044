import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { StorageFieldValue } from '../../model/storage-field-value.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import type { StorageRuntime } from '../../runtime-contract/facets.js'
import { describeValue } from '../domains/describe-value.js'
import { isStorableText } from '../domains/normalize-field-value.js'
import type { ContextStore } from '../host/host-context.js'
import type { StorageOption } from '../host/test-host-options.js'

/** A stored file's record, with the tenant it belongs to. */
interface StoredFile {
  readonly value: StorageFieldValue
  readonly tenant: string
  /** The bytes, for the memory engine. */
  readonly content: Uint8Array | undefined
}

/**
 * The host side of `StorageUtils`: keeps the bytes in memory (engine `memory`) or in a directory (engine
 * `local`), under a key the host makes from the file's id, never from its name.
 */
export class StorageFacet implements StorageRuntime {
  readonly #contexts: ContextStore
  readonly #nextId: () => number
  readonly #directory: string | undefined
  readonly #files = new Map<string, StoredFile>()
  readonly #byId = new Map<number, StoredFile>()

  constructor(contexts: ContextStore, nextId: () => number, option: StorageOption) {
    this.#contexts = contexts
    this.#nextId = nextId
    this.#directory = option.kind === 'directory' ? resolve(option.path) : undefined
  }

  createStorageFileDomain(fileName: string, mimeType: string, content: Uint8Array): StorageFieldValue {
    if (typeof fileName !== 'string' || fileName.trim() === '') {
      throw new IllegalArgumentException(
        `StorageUtils.createStorageFileDomain needs a non-empty fileName, got ${JSON.stringify(fileName)}.`,
      )
    }
    if (typeof mimeType !== 'string' || mimeType.trim() === '') {
      throw new IllegalArgumentException(
        `StorageUtils.createStorageFileDomain needs a non-empty mimeType such as 'text/csv', got ${JSON.stringify(mimeType)}.`,
      )
    }
    for (const [what, text] of [
      ['fileName', fileName],
      ['mimeType', mimeType],
    ] as const) {
      if (!isStorableText(text)) {
        throw new IllegalArgumentException(
          `StorageUtils.createStorageFileDomain: ${what} ${JSON.stringify(text)} holds a NUL character or an unpaired ` +
            "surrogate, which the platform's database (PostgreSQL text) cannot store; remove it. Nothing was stored.",
        )
      }
    }
    if (!(content instanceof Uint8Array)) {
      throw new IllegalArgumentException(
        'StorageUtils.createStorageFileDomain needs the content as bytes (a Uint8Array).',
      )
    }
    const id = this.#nextId()
    const key = `files/${id}`
    const value: StorageFieldValue = Object.freeze({
      id,
      fileName,
      mimeType,
      displaySequence: 0,
      description: null,
      key,
      storageEngine: this.#directory === undefined ? 'memory' : 'local',
    })
    const copy = new Uint8Array(content)
    if (this.#directory !== undefined) {
      const path = join(this.#directory, key)
      mkdirSync(join(this.#directory, 'files'), { recursive: true })
      writeFileSync(path, copy)
    }
    const file: StoredFile = {
      value,
      tenant: this.#contexts.current().tenant,
      content: this.#directory === undefined ? copy : undefined,
    }
    this.#files.set(key, file)
    this.#byId.set(id, file)
    return value
  }

  /** The stored bytes under `key`. */
  read(key: string): Uint8Array {
    if (typeof key !== 'string') {
      throw new IllegalArgumentException(
        `host.readStoredFile expects the key as a string, the key of the StorageFieldValue (file.key), got ${describeValue(key)}.`,
      )
    }
    const file = this.#files.get(key)
    if (file === undefined) {
      const known = [...this.#files.keys()]
      throw new IllegalArgumentException(
        `No file is stored under key ${JSON.stringify(key)}. ` +
          (known.length === 0
            ? 'Nothing has been stored yet.'
            : `Stored keys: ${known.slice(0, 10).join(', ')}${known.length > 10 ? ', ...' : ''}.`),
      )
    }
    if (file.content !== undefined) return new Uint8Array(file.content)
    return new Uint8Array(readFileSync(join(this.#directory as string, key)))
  }

  /** The record of a stored file by id, when it belongs to `tenant`. */
  find(id: number, tenant: string): StorageFieldValue | undefined {
    const file = this.#byId.get(id)
    return file !== undefined && file.tenant === tenant ? file.value : undefined
  }
}
