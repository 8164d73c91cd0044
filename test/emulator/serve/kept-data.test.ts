import { spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, repoRoot } from '../../packaging/built-package.js'
import { serveProcess, type ServeProcess } from './serve-process.js'

// `vendor-api serve --persist`, `vendor-api export` and `vendor-api serve --store` (SPEC §15.2), each a process of
// its own, as a team runs them.

const url = process.env['TECH_VENDOR_PG_URL']

let bin: string
const children: ChildProcess[] = []
const cleanups: (() => Promise<void> | void)[] = []

beforeAll(() => {
  bin = join(ensureBuilt(), 'checker', 'cli.js')
})

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tv-kept-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A config file with one domain and a user, as a team would write it. */
function config(dir: string): string {
  const file = join(dir, 'emulator.json')
  writeFileSync(
    file,
    JSON.stringify({
      domains: { Note: { fields: { title: { type: 'STRING', required: true } } } },
      users: [{ username: 'ann', password: 'ann-password-1', roles: ['ROLE_ADMIN'] }],
    }),
  )
  return file
}

/** Starts `vendor-api serve` and resolves when it prints its base URL. */
function serve(...args: string[]): Promise<ServeProcess> {
  return serveProcess(bin, ['--port', '0', ...args], children)
}

async function stop(server: { child: ChildProcess; exit: Promise<number | null> }): Promise<void> {
  server.child.kill('SIGTERM')
  expect(await server.exit).toBe(0)
}

async function login(base: string): Promise<string> {
  const answer = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ann', password: 'ann-password-1' }),
  })
  expect(answer.status).toBe(200)
  return ((await answer.json()) as { access_token: string }).access_token
}

async function createNote(base: string, token: string, title: string): Promise<number> {
  const answer = await fetch(`${base}/data/Note`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  })
  const body = (await answer.json()) as { status: string; data: { id: number } }
  expect(body.status).toBe('success')
  return body.data.id
}

async function notes(base: string, token: string): Promise<{ id: number; title: string }[]> {
  const answer = await fetch(`${base}/data/Note?max=1000`, { headers: { authorization: `Bearer ${token}` } })
  expect(answer.status).toBe(200)
  return ((await answer.json()) as { data: { id: number; title: string }[] }).data
}

describe('vendor-api serve --persist and vendor-api export', () => {
  it('keeps data and tokens across a restart, and exports it as a folder that --data loads again', async () => {
    const dir = tempDir()
    const cfg = config(dir)
    const persist = join(dir, 'kept')

    const first = await serve('--config', cfg, '--persist', persist)
    expect(first.output()).toContain(`Data:     PGlite in ${persist}, kept across restarts`)
    const token = await login(first.url)
    const id = await createNote(first.url, token, 'written before the restart')
    await stop(first)

    const second = await serve('--config', cfg, '--persist', persist)
    // The token of the first start is still good: the secret is kept in the directory.
    expect((await notes(second.url, token)).map((note) => note.title)).toEqual(['written before the restart'])
    expect(await createNote(second.url, token, 'after')).toBeGreaterThan(id)
    await stop(second)

    const out = join(dir, 'exported')
    const exported = spawnSync(
      process.execPath,
      [bin, 'export', '--config', cfg, '--persist', persist, '--out', out],
      {
        cwd: repoRoot,
        encoding: 'utf8',
      },
    )
    expect(exported.stderr).toBe('')
    expect(exported.status).toBe(0)
    expect(exported.stdout).toMatch(/wrote \d+ CSV files? \(\d+ objects?\)/)
    expect(exported.stdout).toMatch(/production\/default\/Note\.csv: 2/)

    const loaded = await serve('--config', cfg, '--data', out)
    const again = await login(loaded.url)
    expect((await notes(loaded.url, again)).map((note) => note.title).sort()).toEqual([
      'after',
      'written before the restart',
    ])
    await stop(loaded)
  })

  it('export says what is missing: no kept data, no --out, a folder that is not empty', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [bin, 'export', ...args], { cwd: repoRoot, encoding: 'utf8' })
    const noData = run('--out', join(tempDir(), 'x'))
    expect(noData.status).toBe(2)
    expect(noData.stderr).toMatch(/no kept data to export: give --persist DIR/)
    const noOut = run('--persist', tempDir())
    expect(noOut.status).toBe(2)
    expect(noOut.stderr).toMatch(/--out FOLDER is required/)
    const both = run(
      '--persist',
      tempDir(),
      '--store',
      'postgres://127.0.0.1/x',
      '--out',
      join(tempDir(), 'y'),
    )
    expect(both.status).toBe(1)
    expect(both.stderr).toMatch(/--persist and --store were both given/)
  })
})

describe.skipIf(url === undefined)(
  'vendor-api serve --store: one database, two processes (needs TECH_VENDOR_PG_URL)',
  () => {
    it('serves one application: concurrent writes through both are all kept, none twice, ids unique', async () => {
      const name = `tv_shared_${process.pid}_${Date.now().toString(36)}`
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      await admin.query(`CREATE DATABASE ${name}`)
      cleanups.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await admin.end()
      })
      const database = new URL(url as string)
      database.pathname = `/${name}`
      const cfg = config(tempDir())

      // Started together: one makes the schema, the other waits for it and finds it.
      const [a, b] = await Promise.all([
        serve('--config', cfg, '--store', database.toString()),
        serve('--config', cfg, '--store', database.toString()),
      ])
      expect(a.output()).toMatch(/Data: {5}PostgreSQL at 127\.0\.0\.1:5432\/tv_shared_/)
      expect(a.output()).not.toContain('postgres@')
      const [tokenA, tokenB] = [await login(a.url), await login(b.url)]
      const perProcess = 20
      const titles = (tag: string) => Array.from({ length: perProcess }, (_, i) => `${tag}-${i}`)
      // Interleaved: each process answers its requests while the other writes.
      const ids = await Promise.all([
        ...titles('a').map((title) => createNote(a.url, tokenA, title)),
        ...titles('b').map((title) => createNote(b.url, tokenB, title)),
      ])
      expect(new Set(ids).size).toBe(2 * perProcess)
      for (const [base, token] of [
        [a.url, tokenA],
        [b.url, tokenB],
      ] as const) {
        const seen = await notes(base, token)
        expect(seen.map((note) => note.title).sort()).toEqual([...titles('a'), ...titles('b')].sort())
        expect(seen.map((note) => note.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y))
      }
      // A user changed through one process logs in through the other at once: no process caches users here.
      const users = (await (
        await fetch(`${a.url}/data/User?max=10`, { headers: { authorization: `Bearer ${tokenA}` } })
      ).json()) as { data: { id: number; username: string }[] }
      const annId = users.data.find((user) => user.username === 'ann')?.id
      const changed = await fetch(`${a.url}/data/User/${String(annId)}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${tokenA}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: annId, password: 'changed-through-a' }),
      })
      expect(((await changed.json()) as { status: string }).status).toBe('success')
      const throughB = await fetch(`${b.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'ann', password: 'changed-through-a' }),
      })
      expect(throughB.status).toBe(200)
      await stop(a)
      await stop(b)
    })
  },
)
