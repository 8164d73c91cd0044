import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, repoRoot } from '../../packaging/built-package.js'
import { serveProcess, type ServeProcess } from './serve-process.js'

let bin: string
const children: ChildProcess[] = []
const dirs: string[] = []

beforeAll(() => {
  bin = join(ensureBuilt(), 'checker', 'cli.js')
})

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Starts `vendor-api serve` and resolves when it prints its base URL. */
function serve(...args: string[]): Promise<ServeProcess> {
  return serveProcess(bin, args, children)
}

async function login(url: string, username = 'admin', password = 'admin'): Promise<string> {
  const response = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { access_token: string }).access_token
}

describe('vendor-api serve', () => {
  it('prints the base URL and the login, serves the API, and stops cleanly on SIGTERM with exit code 0', async () => {
    const { child, url, output, exit } = await serve('--port', '0')
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/)
    const password = /-d '\{"username":"admin","password":"([\w-]+)"\}'/.exec(output())?.[1]
    expect(output()).toContain(`curl -X POST ${url}/auth/login -H 'content-type: application/json' -d '`)
    const token = await login(url, 'admin', password)
    const engines = await fetch(`${url}/data/DynamicLogicEngine`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(engines.status).toBe(200)

    child.kill('SIGTERM')
    expect(await exit).toBe(0)
    expect(output()).toContain('GET /api/data/DynamicLogicEngine 200')
    expect(output()).toContain('stopped (SIGTERM)')
  })

  it('without users in the config, the administrator gets a password made up at each start, not admin', async () => {
    const passwords: string[] = []
    for (let start = 0; start < 2; start++) {
      const { child, url, output, exit } = await serve('--port', '0')
      const password = /"username":"admin","password":"([\w-]+)"/.exec(output())?.[1]
      expect(password).toMatch(/^[\w-]{16}$/)
      expect(output()).toContain(
        `admin (ROLE_ADMIN, ROLE_DEVELOPER; password made up at this start: ${password})`,
      )
      const refused = await fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin' }),
      })
      expect(refused.status).toBe(400)
      await login(url, 'admin', password)
      passwords.push(password!)
      child.kill('SIGTERM')
      await exit
    }
    expect(passwords[0]).not.toBe(passwords[1])
  })

  it('stops on SIGINT (Ctrl+C) too', async () => {
    const { child, exit } = await serve('--port', '0')
    child.kill('SIGINT')
    expect(await exit).toBe(0)
  })

  it('takes the options from a JSON --config, with seed data from --data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vendor-api-serve-'))
    dirs.push(dir)
    writeFileSync(
      join(dir, 'emulator.json'),
      JSON.stringify({
        domains: { Note: { fields: { text: { type: 'STRING', required: true } } } },
        users: [{ username: 'ann', password: 'ann-pw', roles: ['ROLE_USER'] }],
      }),
    )
    const seed = join(dir, 'seed')
    mkdirSync(seed)
    writeFileSync(join(seed, 'Note.csv'), 'text(*)\nhello\nworld\n')
    const { child, url, output, exit } = await serve(
      '--port',
      '0',
      '--config',
      join(dir, 'emulator.json'),
      '--data',
      seed,
    )
    // The start summary: what was loaded and who can log in, never a password the config chose.
    expect(output()).toContain('{"username":"ann","password":"<password>"}')
    expect(output()).not.toContain('ann-pw')
    expect(output()).not.toContain('made up')
    expect(output()).toContain('  Tenants:  default\n')
    expect(output()).toContain('  Domains:  Note 2\n')
    expect(output()).toContain('  Users:    ann (ROLE_USER)\n')
    expect(output()).toContain(`  Seed:     ${seed}: Note.csv\n`)
    expect(output()).toContain('  Data:     in memory, for this run only')
    const token = await login(url, 'ann', 'ann-pw')
    const notes = await (
      await fetch(`${url}/data/Note`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
    expect(notes).toMatchObject({ total: 2, data: [{ text: 'hello' }, { text: 'world' }] })
    child.kill('SIGTERM')
    expect(await exit).toBe(0)
  })

  it('--log json writes one JSON object per request on stdout, the start summary on stderr', async () => {
    const { child, url, output, exit } = await serve(
      '--port',
      '0',
      '--log',
      'json',
      '--cors',
      'http://localhost:5173',
    )
    const password = /"username":"admin","password":"([\w-]+)"/.exec(output())?.[1]
    await login(url, 'admin', password)
    await fetch(`${url}/data/DynamicLogic`)
    child.kill('SIGTERM')
    expect(await exit).toBe(0)
    const entries = output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(
      entries.map(({ method, path, status, user, errCode, validationError }) => ({
        method,
        path,
        status,
        user,
        errCode,
        validationError,
      })),
    ).toEqual([
      {
        method: 'POST',
        path: '/api/auth/login',
        status: 200,
        user: 'admin',
        errCode: null,
        validationError: false,
      },
      {
        method: 'GET',
        path: '/api/data/DynamicLogic',
        status: 403,
        user: null,
        errCode: 1004,
        validationError: false,
      },
    ])
    expect(entries[0]).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      method: 'POST',
      path: '/api/auth/login',
      status: 200,
      durationMs: expect.any(Number),
      user: 'admin',
      errCode: null,
      validationError: false,
    })
    expect(output()).toContain('  Browsers: pages on http://localhost:5173 may call it')
  })

  it('stops when its parent ends, so that SIGTERM to npx stops the server npx started', async () => {
    // npx runs the bin under `sh -c`; npm passes the SIGTERM to that shell, which ends without passing it on.
    const dir = mkdtempSync(join(tmpdir(), 'vendor-api-npx-'))
    dirs.push(dir)
    mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true })
    mkdirSync(join(dir, 'node_modules', '@tech-vendor'))
    writeFileSync(join(dir, 'package.json'), '{"name":"npx-consumer","private":true}')
    symlinkSync(repoRoot, join(dir, 'node_modules', '@tech-vendor', 'api'))
    symlinkSync(
      join('..', '@tech-vendor', 'api', 'dist', 'checker', 'cli.js'),
      join(dir, 'node_modules', '.bin', 'vendor-api'),
    )
    const npx = spawn('npx', ['--no-install', 'vendor-api', 'serve', '--port', '0'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_update_notifier: 'false' },
    })
    children.push(npx)
    let output = ''
    npx.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const url = await new Promise<string>((resolve, reject) => {
      npx.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const found = /listening at (http:\/\/\S+\/api)/.exec(output)?.[1]
        if (found !== undefined) resolve(found)
      })
      npx.once('exit', (code) => reject(new Error(`npx exited with ${code}:\n${output}`)))
    })
    expect((await fetch(`${url}/auth/userInfo`)).status).toBe(401)
    npx.kill('SIGTERM')
    // The server ends within a few seconds: its port stops answering, and it says why it stopped.
    let answering = true
    for (let tries = 0; tries < 100 && answering; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      answering = await fetch(`${url}/auth/userInfo`).then(
        () => true,
        () => false,
      )
    }
    expect(answering).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(output).toContain('vendor-api serve: stopped (its parent process ended).')
  })

  it('--data loads an application data folder: one summary line per file, every failed line, its users log in', async () => {
    const folder = join(repoRoot, 'test', 'emulator', 'fixtures', 'northwind')
    const { child, url, output, exit } = await serve('--port', '0', '--data', folder)
    expect(output()).toContain(
      'seed development/northwind/Customer.csv -> Customer [northwind]: PARTIALLY_FAIL (2 inserted, 0 updated, 0 unchanged, 1 failed)',
    )
    expect(output()).toMatch(
      / {2}development\/northwind\/Customer\.csv line 6: column 2: vip: the string "maybe" is not a boolean/,
    )
    // Users come from the folder: no default administrator, no made-up password.
    expect(output()).not.toContain('made up')
    const token = await login(url, 'nora@northwind.test', 'nora-secret')
    const customers = await (
      await fetch(`${url}/data/Customer`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
    expect(customers).toMatchObject({ total: 2 })
    child.kill('SIGTERM')
    expect(await exit).toBe(0)
  })

  it('--strict stops the start at the first failed seed line, with exit code 1 and the reason', () => {
    const folder = join(repoRoot, 'test', 'emulator', 'fixtures', 'northwind')
    const run = spawnSync(process.execPath, [bin, 'serve', '--port', '0', '--data', folder, '--strict'], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(
      /the emulator cannot start: strictSeed: development\/northwind\/\S+\.csv \(tenant northwind\) line \d+ failed: /,
    )
  })

  it('exits 1 saying why when the emulator cannot start, and 2 on a usage error', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [bin, 'serve', ...args], { cwd: repoRoot, encoding: 'utf8' })
    const badConfig = run('--port', '0', '--config', 'no-such-file.json')
    expect(badConfig.status).toBe(1)
    expect(badConfig.stderr).toContain(
      'the emulator cannot start: --config no-such-file.json cannot be loaded',
    )
    const tsConfig = run('--config', 'emulator.config.ts')
    expect(tsConfig.status).toBe(1)
    expect(tsConfig.stderr).toContain('compile a TypeScript config to JavaScript first')
    const badPort = run('--port', 'eighty')
    expect(badPort.status).toBe(2)
    expect(badPort.stderr).toContain('--port takes a port from 0 (a free one) to 65535')
    expect(run('--verbose').status).toBe(2)
    const badLog = run('--log', 'xml')
    expect(badLog.status).toBe(2)
    expect(badLog.stderr).toContain('--log takes text (the default) or json, got "xml"')
    const badCors = run('--port', '0', '--cors', 'localhost:5173')
    expect(badCors.status).toBe(1)
    expect(badCors.stderr).toContain('cors: "localhost:5173" is not an origin')
    expect(run('--help')).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('Usage: vendor-api serve'),
    })
  })
})

describe('the built bin', () => {
  it('loads the emulator and its dependencies only for serve: cli.js imports neither', () => {
    const dir = join(ensureBuilt(), 'checker')
    const cli = readFileSync(join(dir, 'cli.js'), 'utf8')
    expect(cli).not.toMatch(/from ['"](hono|jose|@hono\/node-server)['"]/)
    const chunk = /import\(["']\.\/(serve-command-[\w-]+\.js)["']\)/.exec(cli)?.[1]
    expect(chunk).toBeDefined()
    // The chunk, or a chunk it imports (the one `serve` shares with `types`), brings in hono.
    const reached = new Set<string>()
    const visit = (file: string): void => {
      if (reached.has(file)) return
      reached.add(file)
      for (const [, next] of readFileSync(join(dir, file), 'utf8').matchAll(/from ["']\.\/([\w-]+\.js)["']/g))
        visit(next!)
    }
    visit(chunk!)
    expect([...reached].some((file) => /from ['"]hono['"]/.test(readFileSync(join(dir, file), 'utf8')))).toBe(
      true,
    )
  })

  it('lists serve in --help', () => {
    const help = spawnSync(process.execPath, [bin, '--help'], { cwd: repoRoot, encoding: 'utf8' })
    expect(help.stdout).toContain('vendor-api serve [--port N] [--hostname H] [--config FILE] [--data DIR]')
  })
})
