import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SimpleQuery } from '../../../src/index.js'
import { createEmulator, type Emulator } from '../../../src/emulator/index.js'
import { pgliteStore, type Store } from '../../../src/testing/index.js'

// SPEC §13.6: on a store that keeps data across starts, a file as it was at its last import is not imported
// again; a changed one is, and an object changed since its import keeps its value unless OVERWRITE_FLAG is Y.

const DOMAINS = { Note: { fields: { title: { type: 'STRING', required: true }, body: 'STRING' } } } as const
const USERS = [{ username: 'ann', password: 'ann-password-1', roles: ['ROLE_ADMIN'] }]

let store: Store
let folder: string
const log: string[] = []

beforeEach(async () => {
  store = await pgliteStore()
  folder = mkdtempSync(join(tmpdir(), 'tv-reimport-'))
  log.length = 0
})
afterEach(async () => {
  await store.close()
  rmSync(folder, { recursive: true, force: true })
})

/** A start on the kept data with the folder as it is now, run through `work`, then closed. */
async function start(work: (emulator: Emulator) => Promise<void> | void): Promise<void> {
  const emulator = createEmulator({
    domains: DOMAINS,
    users: USERS,
    dataDir: folder,
    store,
    seedLog: (line) => log.push(line),
  })
  try {
    await work(emulator)
  } finally {
    await emulator.close()
  }
}

const notes = (emulator: Emulator): Record<string, unknown> =>
  emulator.host.runAs({}, () =>
    Object.fromEntries(SimpleQuery.getAll('Note').map((note) => [note['title'], note['body']])),
  )

const importRecords = (emulator: Emulator): Record<string, unknown>[] =>
  emulator.host.runAs({}, () =>
    SimpleQuery.of('ImportRecord')
      .list(0, 100, ['id'])
      .map((record) => ({ ...record })),
  )

async function restChange(emulator: Emulator, title: string, body: string): Promise<void> {
  const login = await emulator.fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ann', password: 'ann-password-1' }),
  })
  const { access_token: token } = (await login.json()) as { access_token: string }
  const id = emulator.host.runAs({}, () => SimpleQuery.of('Note').eq('title', title).get()?.['id'])
  const answer = await emulator.fetch(`/api/data/Note/${String(id)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id, title, body }),
  })
  expect(((await answer.json()) as { status: string }).status).toBe('success')
}

describe('re-import on data that lasts (SPEC §13.6)', () => {
  it('does not import a file again while its MD5 is that of its last import', async () => {
    writeFileSync(join(folder, 'Note.csv'), 'title(*),body\na,first\n')
    await start((emulator) => expect(notes(emulator)).toEqual({ a: 'first' }))
    await start((emulator) => {
      expect(importRecords(emulator)).toHaveLength(1)
      expect(notes(emulator)).toEqual({ a: 'first' })
    })
    expect(log.at(-1)).toMatch(
      /Note\.csv -> Note \[default\]: not imported again, unchanged since its last import/,
    )
  })

  it('imports a changed file: an object changed since its import is a conflict and keeps its value', async () => {
    writeFileSync(join(folder, 'Note.csv'), 'title(*),body\na,first\nb,first\n')
    await start((emulator) => restChange(emulator, 'b', 'changed over REST'))
    writeFileSync(join(folder, 'Note.csv'), 'title(*),body\na,second\nb,second\nc,new\n')
    await start((emulator) => {
      expect(notes(emulator)).toEqual({ a: 'second', b: 'changed over REST', c: 'new' })
      const last = importRecords(emulator).at(-1)
      expect(last).toMatchObject({
        status: 'SUCCESS',
        inserted: 1,
        updated: 1,
        noUpdate: 0,
        conflict: 1,
        failed: 0,
      })
    })
    expect(log.at(-1)).toContain(
      '1 inserted, 1 updated, 0 unchanged, 1 kept as changed since their import, 0 failed',
    )
  })

  it('overwrites an object changed since its import when its line says OVERWRITE_FLAG Y', async () => {
    writeFileSync(join(folder, 'Note.csv'), 'title(*),body\na,first\nb,first\n')
    await start(async (emulator) => {
      await restChange(emulator, 'a', 'changed over REST')
      await restChange(emulator, 'b', 'changed over REST')
    })
    writeFileSync(join(folder, 'Note.csv'), 'title(*),body,OVERWRITE_FLAG\na,second,Y\nb,second,N\n')
    await start((emulator) => {
      expect(notes(emulator)).toEqual({ a: 'second', b: 'changed over REST' })
      expect(importRecords(emulator).at(-1)).toMatchObject({ updated: 1, conflict: 1 })
    })
  })

  it('an object the import left as it was, and nobody changed since, takes the file’s new values', async () => {
    writeFileSync(join(folder, 'Note.csv'), 'title(*),body\na,first\n')
    await start(() => undefined)
    writeFileSync(join(folder, 'Note.csv'), 'title(*),body\na,second\n')
    await start(() => undefined)
    writeFileSync(join(folder, 'Note.csv'), 'title(*),body\na,third\n')
    await start((emulator) => {
      expect(notes(emulator)).toEqual({ a: 'third' })
      expect(importRecords(emulator).map((record) => record['conflict'])).toEqual([0, 0, 0])
    })
  })
})
