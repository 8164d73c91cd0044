import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { StorageFieldValue } from '../../model/storage-field-value.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import type { StorageRuntime } from '../../runtime-contract/facets.js'
import { describeValue } from '../domains/describe-value.js'
import { isStorableText } from '../domains/normalize-field-value.js'
import type { ContextStore } from '../host/host-context.js'
import type { HostData } from '../store/store.js'
import type { StorageOption } from '../host/test-host-options.js'

/**
 * The host side of `StorageUtils`: keeps the bytes in memory (engine `memory`) or in a directory (engine
 * `local`), under a key the host makes from the file's id, never from its name, and records the stored file
 * in the host's store, where FILE fields reference it.
 */
export class StorageFacet implements StorageRuntime {
  readonly #contexts: ContextStore
  readonly #data: () => HostData
  readonly #directory: string | undefined
  /** The bytes by key, for the memory engine; `null` for a file in the directory. */
  readonly #bytes = new Map<string, Uint8Array | null>()

  constructor(contexts: ContextStore, data: () => HostData, option: StorageOption) {
    this.#contexts = contexts
    this.#data = data
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
    const session = this.#contexts.current().session
    const data = this.#data()
    const id = data.nextId()
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
    data.writeFile(session, { value, tenant: session.tenant })
    this.#bytes.set(key, this.#directory === undefined ? copy : null)
    return value
  }

  /** The stored bytes under `key`. */
  read(key: string): Uint8Array {
    if (typeof key !== 'string') {
      throw new IllegalArgumentException(
        `host.readStoredFile expects the key as a string, the key of the StorageFieldValue (file.key), got ${describeValue(key)}.`,
      )
    }
    const bytes = this.#bytes.get(key) ?? this.#keptEarlier(key)
    if (bytes === undefined) {
      const known = [...this.#bytes.keys()]
      throw new IllegalArgumentException(
        `No file is stored under key ${JSON.stringify(key)}. ` +
          (known.length === 0
            ? 'Nothing has been stored yet.'
            : `Stored keys: ${known.slice(0, 10).join(', ')}${known.length > 10 ? ', ...' : ''}.`),
      )
    }
    if (bytes !== null) return new Uint8Array(bytes)
    return new Uint8Array(readFileSync(join(this.#directory as string, key)))
  }

  /**
   * `null` when the directory holds a file under `key` that an earlier host stored there (data that lasts, such
   * as the emulator's `persist`), else `undefined`. Only keys of the form this facet makes are looked up.
   */
  #keptEarlier(key: string): null | undefined {
    if (this.#directory === undefined || !/^files\/\d+$/.test(key)) return undefined
    return existsSync(join(this.#directory, key)) ? null : undefined
  }
}
