import { describe, expect, it, vi } from 'vitest'
import { IllegalArgumentException, StorageUtils, type StorageFieldValue } from '../../src/index.js'
import { bindTinyRuntime, unbindAfterEach } from './tiny-runtime.js'

unbindAfterEach()

/** A storage facet that records the bytes it was given and returns a stored file. */
function bindStorageHost() {
  const storage = {
    createStorageFileDomain: vi.fn(
      (fileName: string, mimeType: string, content: Uint8Array): StorageFieldValue => ({
        id: 1,
        fileName,
        mimeType,
        displaySequence: 0,
        description: null,
        key: `files/1/${content.byteLength}`,
        storageEngine: 'memory',
      }),
    ),
  }
  bindTinyRuntime({ storage })
  return storage
}

/** The bytes the host received on its last call. */
function received(storage: ReturnType<typeof bindStorageHost>): Uint8Array {
  const content = storage.createStorageFileDomain.mock.lastCall?.[2]
  if (content === undefined) throw new Error('the host was not called')
  return content
}

const bytes = (...values: number[]) => new Uint8Array(values)

describe('StorageUtils.createStorageFileDomain', () => {
  it('hands the names and the content to the host and returns the stored file', () => {
    const storage = bindStorageHost()
    const file = StorageUtils.createStorageFileDomain('a.bin', 'application/octet-stream', bytes(1, 2, 3))
    expect(file).toEqual({
      id: 1,
      fileName: 'a.bin',
      mimeType: 'application/octet-stream',
      displaySequence: 0,
      description: null,
      key: 'files/1/3',
      storageEngine: 'memory',
    })
    expect(storage.createStorageFileDomain).toHaveBeenCalledWith(
      'a.bin',
      'application/octet-stream',
      bytes(1, 2, 3),
    )
  })

  it('writes a string as UTF-8', () => {
    const storage = bindStorageHost()
    StorageUtils.createStorageFileDomain('a.txt', 'text/plain', 'é€')
    expect(received(storage)).toEqual(bytes(0xc3, 0xa9, 0xe2, 0x82, 0xac))
  })

  it('hands a Buffer over as a plain Uint8Array copy', () => {
    const storage = bindStorageHost()
    const buffer = Buffer.from([1, 2, 3])
    StorageUtils.createStorageFileDomain('a.bin', 'application/octet-stream', buffer)
    const content = received(storage)
    expect(content.constructor).toBe(Uint8Array)
    expect(content).toEqual(bytes(1, 2, 3))
    buffer[0] = 9
    expect(content[0]).toBe(1)
  })

  it('copies only the viewed part of a Uint8Array over a larger buffer', () => {
    const storage = bindStorageHost()
    const view = new Uint8Array(new Uint8Array([0, 1, 2, 3, 4]).buffer, 1, 3)
    StorageUtils.createStorageFileDomain('a.bin', 'application/octet-stream', view)
    expect(received(storage)).toEqual(bytes(1, 2, 3))
  })

  it('reads an ArrayBuffer', () => {
    const storage = bindStorageHost()
    const buffer = new Uint8Array([4, 5]).buffer
    StorageUtils.createStorageFileDomain('a.bin', 'application/octet-stream', buffer)
    expect(received(storage)).toEqual(bytes(4, 5))
    expect(received(storage).buffer).not.toBe(buffer)
  })

  it('joins an iterable of chunks in order, generators included', () => {
    const storage = bindStorageHost()
    StorageUtils.createStorageFileDomain('a.bin', 'application/octet-stream', [
      bytes(1),
      Buffer.from([2, 3]),
      bytes(),
    ])
    expect(received(storage)).toEqual(bytes(1, 2, 3))
    function* chunks() {
      yield bytes(7)
      yield bytes(8, 9)
    }
    StorageUtils.createStorageFileDomain('b.bin', 'application/octet-stream', chunks())
    expect(received(storage)).toEqual(bytes(7, 8, 9))
  })

  it('stores an empty file', () => {
    const storage = bindStorageHost()
    StorageUtils.createStorageFileDomain('empty.txt', 'text/plain', '')
    expect(received(storage)).toEqual(bytes())
  })

  it('rejects blank names and stores nothing', () => {
    const storage = bindStorageHost()
    expect(() => StorageUtils.createStorageFileDomain('', 'text/plain', 'a')).toThrow(
      /StorageUtils\.createStorageFileDomain\(fileName, mimeType, inputStream\) expects fileName as a non-empty string, got an empty string/,
    )
    expect(() => StorageUtils.createStorageFileDomain('a.txt', '  ', 'a')).toThrow(
      /mimeType \(such as 'text\/csv'\)/,
    )
    expect(() => StorageUtils.createStorageFileDomain(null as never, 'text/plain', 'a')).toThrow(
      IllegalArgumentException,
    )
    expect(storage.createStorageFileDomain).not.toHaveBeenCalled()
  })

  it('rejects content of another kind, says what it accepts, and stores nothing', () => {
    const storage = bindStorageHost()
    const store = (content: unknown) => () =>
      StorageUtils.createStorageFileDomain('a.bin', 'application/octet-stream', content as never)
    expect(store(42)).toThrow(
      /expects inputStream as a Uint8Array \(or Buffer\), an ArrayBuffer, a string or an iterable of Uint8Array chunks, got number 42/,
    )
    expect(store(null)).toThrow(IllegalArgumentException)
    expect(store({ bytes: [1] })).toThrow(/got an object/)
    expect(store([bytes(1), 'b'])).toThrow(/chunk 1 is string "b".*new TextEncoder\(\)\.encode/)
    expect(store([1, 2])).toThrow(/chunk 0 is number 1/)
    expect(store(new Uint16Array([1]))).toThrow(
      /new Uint8Array\(view\.buffer, view\.byteOffset, view\.byteLength\)/,
    )
    expect(store(new Blob(['a']))).toThrow(/new Uint8Array\(await blob\.arrayBuffer\(\)\)/)
    const asyncStream = { async *[Symbol.asyncIterator]() {} }
    expect(store(asyncStream)).toThrow(/asynchronous stream must be read first/)
    expect(storage.createStorageFileDomain).not.toHaveBeenCalled()
  })
})
