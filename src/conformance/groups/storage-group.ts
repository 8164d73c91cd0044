import { expect, it } from 'vitest'
import { StorageUtils } from '../../api/storage-utils.js'
import { SimpleQuery } from '../../api/simple-query.js'
import { ITEM } from '../conformance-domains.js'
import type { GroupDefinition } from './group-definition.js'
import { createOne } from './test-helpers.js'

const TEXT = 'a,b\n1,2\n'
const BYTES = [...new TextEncoder().encode(TEXT)]

/** SPEC §7.7: StorageUtils stores the bytes and returns a StorageFieldValue. */
export const storageGroup: GroupDefinition = {
  group: 'storage',
  title: 'StorageUtils (SPEC §7.7)',
  register({ start }) {
    it('createStorageFileDomain returns a StorageFieldValue with every field', () => {
      start()
      const file = StorageUtils.createStorageFileDomain('report.csv', 'text/csv', TEXT)
      expect(file).toMatchObject({ fileName: 'report.csv', mimeType: 'text/csv' })
      expect(typeof file.id).toBe('number')
      expect(typeof file.displaySequence).toBe('number')
      expect(file.description === null || typeof file.description === 'string').toBe(true)
      expect(file.key).toEqual(expect.stringMatching(/./))
      expect(file.storageEngine).toEqual(expect.stringMatching(/./))
      const other = StorageUtils.createStorageFileDomain('report.csv', 'text/csv', TEXT)
      expect(other.id).not.toBe(file.id)
      expect(other.key).not.toBe(file.key)
    })

    it('createStorageFileDomain stores the bytes, whatever form the InputStream takes', () => {
      const { host } = start()
      const chunks = [new TextEncoder().encode('a,b\n'), new TextEncoder().encode('1,2\n')]
      const inputs = [TEXT, new Uint8Array(BYTES), new Uint8Array(BYTES).buffer, chunks]
      for (const input of inputs) {
        const file = StorageUtils.createStorageFileDomain('report.csv', 'text/csv', input)
        expect([...host.readStoredFile(file.key)]).toEqual(BYTES)
      }
      const binary = StorageUtils.createStorageFileDomain(
        'logo.png',
        'image/png',
        new Uint8Array([137, 80, 78, 71, 0, 255]),
      )
      expect([...host.readStoredFile(binary.key)]).toEqual([137, 80, 78, 71, 0, 255])
    })

    it('a StorageFieldValue set on a FILE field reads back as the same value', () => {
      start()
      const file = StorageUtils.createStorageFileDomain(
        'invoice.pdf',
        'application/pdf',
        new Uint8Array([1, 2, 3]),
      )
      const item = createOne(ITEM, { name: 'with file', attachment: file })
      expect(SimpleQuery.getById(ITEM, item.id)?.['attachment']).toEqual(file)
      expect(SimpleQuery.of(ITEM).notNull('attachment').listAll()).toHaveLength(1)
    })
  },
}
