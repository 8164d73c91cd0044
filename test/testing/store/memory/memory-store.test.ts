import { describe, expect, test } from 'vitest'
import { memoryStore } from '../../../../src/testing/index.js'
import { createDomainSchema, createStoredRow } from '../../../../src/testing/store/memory/index.js'
import type { StoreContext } from '../../../../src/testing/store/store.js'

const tag = createDomainSchema('Tag', [{ name: 'name', type: 'STRING', required: false }])
const note = createDomainSchema('Note', [{ name: 'text', type: 'STRING', required: false }])

function open() {
  return memoryStore().open({
    hostName: 'memory-store-test',
    schemas: new Map([
      [tag.name, tag],
      [note.name, note],
    ]),
    tenants: ['a', 'b'],
  })
}

const in_ = (tenant: string): StoreContext => ({ tenant, transaction: undefined })

describe('the in-memory store', () => {
  test('knows the domain and tenant of every id it wrote, issued by its sequence or not', () => {
    const data = open()
    const issued = [data.nextId(), data.nextId(), data.nextId()]
    data.write(in_('a'), 'Tag', issued[0] as number, createStoredRow(tag, { id: issued[0], name: 'x' }))
    data.write(in_('b'), 'Note', issued[2] as number, createStoredRow(note, { id: issued[2], text: 'y' }))
    // Ids the sequence has not issued: a caller's own, far ahead, zero and negative.
    for (const id of [1_000_000, 0, -5])
      data.write(in_('a'), 'Note', id, createStoredRow(note, { id, text: String(id) }))

    expect(data.domainOfId(issued[0] as number, 'a')).toBe('Tag')
    expect(data.domainOfId(issued[0] as number, 'b')).toBeUndefined()
    expect(data.domainOfId(issued[1] as number, 'a')).toBeUndefined()
    expect(data.domainOfId(issued[2] as number, 'b')).toBe('Note')
    for (const id of [1_000_000, 0, -5]) expect(data.domainOfId(id, 'a')).toBe('Note')
    expect(data.domainOfId(999_999, 'a')).toBeUndefined()
  })

  test("an id keeps the domain of its first write, a transaction's uncommitted one included", () => {
    const data = open()
    const id = data.nextId()
    const transaction = data.begin('a')
    data.write({ tenant: 'a', transaction }, 'Tag', id, createStoredRow(tag, { id, name: 'x' }))
    expect(data.domainOfId(id, 'a')).toBe('Tag')
    data.commit(transaction)
    data.write(in_('a'), 'Tag', id, createStoredRow(tag, { id, name: 'changed' }))
    expect(data.domainOfId(id, 'a')).toBe('Tag')
    expect(data.get(in_('a'), 'Tag', id)).toEqual({ id, name: 'changed' })
    data.write(in_('a'), 'Tag', id, null)
    expect(data.get(in_('a'), 'Tag', id)).toBeUndefined()
  })
})
