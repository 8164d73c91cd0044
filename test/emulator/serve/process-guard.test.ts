import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createEmulator } from '../../../src/emulator/index.js'
import { DomainHelper, SimpleQuery } from '../../../src/index.js'
import { ensureBuilt } from '../../packaging/built-package.js'

let dist = ''
beforeAll(() => {
  dist = ensureBuilt()
}, 600_000)
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/**
 * Runs a script in a child Node, on the built package: what a process-ending mistake does can only be seen from
 * outside the process. Resolves to its exit code and output.
 */
function runScript(source: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'process-guard-'))
  dirs.push(dir)
  const file = join(dir, 'script.mjs')
  writeFileSync(
    file,
    source
      .replaceAll('EMULATOR', JSON.stringify(join(dist, 'emulator/index.js')))
      .replaceAll('LIBRARY', JSON.stringify(join(dist, 'index.js'))),
  )
  const child = spawn(process.execPath, [file], { stdio: 'pipe' })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })))
}

describe('a mistake in logic does not end a listening emulator', () => {
  it('a JavaScript logic and a TypeScript function that leave a rejection unhandled and throw from a timer: the server keeps answering, each error is reported', async () => {
    const { code, stdout, stderr } = await runScript(`
      import { createEmulator } from EMULATOR
      import { DomainHelper, SimpleQuery } from LIBRARY
      const app = createEmulator({
        users: [{ username: 'admin', password: 'admin', roles: ['ROLE_ADMIN', 'ROLE_DEVELOPER'] }],
        logic: {
          careless: () => {
            void Promise.reject(new Error('typescript floating rejection'))
            setTimeout(() => { throw new Error('typescript timer throw') }, 0)
            return { ok: 'typescript' }
          },
        },
      })
      app.host.runAs({}, () => {
        const engine = SimpleQuery.of('DynamicLogicEngine').eq('name', 'JAVASCRIPT_CODE').get()
        const js = DomainHelper.buildDomain('DynamicLogic', {
          name: 'sloppy',
          dynamicLogicEngine: engine,
          code: "Promise.reject(new Error('javascript floating rejection')); setTimeout(() => { throw new Error('javascript timer throw') }, 0); return { ok: 'javascript' }",
        })
        DomainHelper.createDomain(js)
        for (const [name, logic] of [['careless', SimpleQuery.of('DynamicLogic').eq('name', 'careless').get()], ['sloppy', js]])
          DomainHelper.createDomain(DomainHelper.buildDomain('DynamicServiceProvider', { name, active: true, enableAnonymous: true, logic }))
      })
      const url = await app.listen()
      const call = async (name) => (await fetch(url + '/service/' + name)).text()
      const answers = [await call('careless'), await call('sloppy')]
      await new Promise((done) => setTimeout(done, 50))
      answers.push(await call('careless'), await call('sloppy'))
      await app.close()
      console.log(JSON.stringify({ answers }))
    `)
    expect(code).toBe(0)
    const { answers } = JSON.parse(stdout.trim().split('\n').at(-1) as string) as { answers: string[] }
    const reported = stderr.split('\n').filter((line) => line.startsWith('emulator:'))
    expect(answers).toEqual([
      '{"ok":"typescript"}',
      '{"ok":"javascript"}',
      '{"ok":"typescript"}',
      '{"ok":"javascript"}',
    ])
    for (const what of [
      'typescript floating rejection',
      'typescript timer throw',
      'javascript floating rejection',
      'javascript timer throw',
    ])
      expect(reported.filter((line) => line.includes(what)).length, what).toBe(2)
    expect(reported.every((line) => /the emulator keeps running/.test(line))).toBe(true)
    // A JavaScript logic's errors name it, and the line of its code.
    for (const what of ['javascript floating rejection', 'javascript timer throw'])
      for (const line of reported.filter((line) => line.includes(what)))
        expect(line, what).toContain("(in DynamicLogic 'sloppy', line 1)")
  }, 60_000)

  it('after close, the handlers are gone: Node ends the process on an unhandled rejection as before', async () => {
    const { code, stderr } = await runScript(`
      import { createEmulator } from EMULATOR
      const app = createEmulator({ users: [{ username: 'a', password: 'a', roles: [] }] })
      await app.listen()
      await app.close()
      void Promise.reject(new Error('after close'))
    `)
    expect(code).toBe(1)
    expect(stderr).toContain('after close')
  }, 60_000)
})

describe('in-process, work that logic left running fails as a line of its own, never as the test run', () => {
  it("an AsyncHelper task's floating rejection in a JavaScript logic is reported once, naming the logic, and not kept in host.errors", async () => {
    // Had the rejection reached the process, vitest would fail the run with an unhandled error.
    const lines: string[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line))
    const app = createEmulator({
      users: [{ username: 'admin', password: 'admin', roles: ['ROLE_ADMIN', 'ROLE_DEVELOPER'] }],
    })
    try {
      app.host.runAs({}, () => {
        const logic = DomainHelper.buildDomain('DynamicLogic', {
          name: 'leaves work',
          dynamicLogicEngine: SimpleQuery.of('DynamicLogicEngine').eq('name', 'JAVASCRIPT_CODE').get(),
          code: [
            'AsyncHelper.supplyAsync(() => {',
            "  void Promise.reject(new Error('rejected in the task'))",
            '})',
            "return { ok: 'answered' }",
          ].join('\n'),
        })
        DomainHelper.createDomain(logic)
        DomainHelper.createDomain(
          DomainHelper.buildDomain('DynamicServiceProvider', {
            name: 'leaves',
            enableAnonymous: true,
            logic,
          }),
        )
      })
      const answer = await app.fetch(new Request('http://localhost/api/service/leaves'))
      expect(await answer.json()).toEqual({ ok: 'answered' })
      await app.host.whenIdle()
      await new Promise((done) => setTimeout(done, 10))
      expect(lines.filter((line) => line.includes('rejected in the task'))).toEqual([
        expect.stringMatching(
          /^emulator: work that logic or plugin code left running failed .*: Error: rejected in the task \(in DynamicLogic 'leaves work', line 2\)$/,
        ),
      ])
      expect(app.host.errors).toEqual([])
    } finally {
      spy.mockRestore()
      await app.close()
    }
  })
})
