import { afterEach, describe, expect, it } from 'vitest'
import type { GroovyApp } from './groovy-fixture.js'
import { startGroovyApp } from './groovy-fixture.js'

/** These run everywhere: they need no Java and no Groovy. */
describe('a Groovy logic where the engine cannot run answers 501 saying what to install', () => {
  let app: GroovyApp | undefined
  const saved = { ...process.env }

  afterEach(async () => {
    await app?.emulator.close()
    app = undefined
    for (const key of ['PATH', 'JAVA_HOME', 'GROOVY_HOME']) {
      if (saved[key] === undefined) delete process.env[key]
      else process.env[key] = saved[key]
    }
  })

  it('with the option groovy: false', async () => {
    app = startGroovyApp({ groovy: false })
    app.service('hello', 'return [hello: "world"]')
    const answer = await app.call('hello')
    expect(answer.status).toBe(501)
    expect(answer.body.msg).toContain('groovy: false')
    expect(answer.body.msg).toContain('apt-get install groovy')
  })

  it('without Java on the machine (no JAVA_HOME, nothing on PATH)', async () => {
    process.env['PATH'] = ''
    delete process.env['JAVA_HOME']
    delete process.env['GROOVY_HOME']
    app = startGroovyApp()
    app.service('hello', 'return [hello: "world"]')
    const answer = await app.call('hello')
    expect(answer.status).toBe(501)
    expect(answer.body.msg).toContain('no Java runtime was found')
    expect(answer.body.msg).toContain('apt-get install groovy')
    expect(answer.body.msg).toContain('JAVA_HOME')
  })

  it('with Java but a GROOVY_HOME that holds no Groovy', async () => {
    process.env['GROOVY_HOME'] = '/nonexistent-groovy'
    process.env['PATH'] = '/usr/bin:/bin'
    app = startGroovyApp()
    app.service('hello', 'return 1')
    const answer = await app.call('hello')
    expect(answer.status).toBe(501)
    expect(answer.body.msg).toMatch(/GROOVY_HOME is "\/nonexistent-groovy"|no Java runtime was found/)
  })

  it('the option groovy must be a boolean', () => {
    expect(() => startGroovyApp({ groovy: 'yes' as unknown as boolean })).toThrow(/groovy must be a boolean/)
  })
})
