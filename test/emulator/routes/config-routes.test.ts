import { describe, expect, it } from 'vitest'
import { all } from '../shop.js'
import { platformError, startWire } from '../wire.js'

const SECRET = 'never-to-be-seen-never-to-be-seen-0123'

const settings = {
  'security.jwt.secret': SECRET,
  'security.jwt.expiration': 900,
  'app.name': 'Order desk',
  'mail.password': 'hunter2',
}

describe('configuration', () => {
  it('the settings are DynamicConfig records of every tenant, values as text, not public; the JWT secret is none of them', async () => {
    const wire = await startWire({ settings, tenants: ['acme', 'globex'] })
    for (const tenant of ['acme', 'globex']) {
      const records = all(wire.emulator.host, 'DynamicConfig', tenant)
      expect(records.map(({ key, value, allowPublicAccess }) => ({ key, value, allowPublicAccess }))).toEqual(
        [
          { key: 'security.jwt.expiration', value: '900', allowPublicAccess: false },
          { key: 'app.name', value: 'Order desk', allowPublicAccess: false },
          { key: 'mail.password', value: 'hunter2', allowPublicAccess: false },
          { key: 'security.jwt.refreshExpiration', value: '', allowPublicAccess: false },
        ],
      )
      expect(JSON.stringify(records)).not.toContain(SECRET)
    }
  })

  it('a setting whose value embeds the JWT secret is not stored as a record, and the emulator still signs with it', async () => {
    const wire = await startWire({
      settings: { ...settings, 'db.url': `postgres://app:${SECRET}@db/app`, 'app.signer': SECRET },
    })
    const stored = all(wire.emulator.host, 'DynamicConfig', 'default').map((record) => record['key'])
    expect(stored).not.toContain('db.url')
    expect(stored).not.toContain('app.signer')
    const token = (await wire.login()).access_token
    expect((await wire.json('GET', '/auth/userInfo', { token })).status).toBe(200)
  })

  it('GET /config/system answers the platform version and the readable records by key, never the JWT secret', async () => {
    const wire = await startWire({ settings })
    const token = (await wire.login()).access_token
    const response = await wire.send('GET', '/config/system', { token })
    const text = await response.text()
    expect(response.status).toBe(200)
    expect(JSON.parse(text)).toEqual({
      platformVersion: '1.0.0-beta18',
      settings: {
        'security.jwt.expiration': '900',
        'app.name': 'Order desk',
        'security.jwt.refreshExpiration': '',
      },
    })
    expect(text).not.toContain(SECRET)
    expect(text).not.toContain('hunter2')
  })

  it('GET /config/<key> answers {key, value} of the record; 404 for a key no record holds', async () => {
    const wire = await startWire({ settings })
    const token = (await wire.login()).access_token
    expect(await wire.json('GET', '/config/app.name', { token })).toEqual({
      status: 200,
      body: { key: 'app.name', value: 'Order desk' },
    })
    expect(await wire.json('GET', '/config/app.colour', { token })).toEqual({
      status: 404,
      body: platformError(1005, 'NotFound'),
    })
  })

  it('a DynamicConfig record written over /data is served by /config in its tenant only', async () => {
    const wire = await startWire({
      settings,
      tenants: ['acme', 'globex'],
      users: [
        { username: 'admin', password: 'admin', roles: ['ROLE_ADMIN'] },
        { username: 'globex', password: 'globex', roles: ['ROLE_ADMIN'], tenant: 'globex' },
      ],
    })
    const token = (await wire.login()).access_token
    const created = await wire.json('POST', '/data/DynamicConfig', {
      token,
      json: { key: 'ui.theme', value: 'dark', description: 'the theme' },
    })
    expect(created.body.data).toMatchObject({ key: 'ui.theme', value: 'dark', allowPublicAccess: false })
    expect((await wire.json('GET', '/config/ui.theme', { token })).body).toEqual({
      key: 'ui.theme',
      value: 'dark',
    })
    const globex = (await wire.login('globex', 'globex')).access_token
    expect((await wire.json('GET', '/config/ui.theme', { token: globex })).status).toBe(404)
  })

  it('without login only allowPublicAccess records are served; /config/<key> of another record is 401/1008', async () => {
    const wire = await startWire({ settings })
    const token = (await wire.login()).access_token
    await wire.json('POST', '/data/DynamicConfig', {
      token,
      json: { key: 'ui.title', value: 'Order desk', allowPublicAccess: true },
    })
    expect(await wire.json('GET', '/config/system')).toEqual({
      status: 200,
      body: { platformVersion: '1.0.0-beta18', settings: { 'ui.title': 'Order desk' } },
    })
    expect(await wire.json('GET', '/config/ui.title')).toEqual({
      status: 200,
      body: { key: 'ui.title', value: 'Order desk' },
    })
    for (const key of ['app.name', 'app.colour', 'security.jwt.secret']) {
      expect(await wire.json('GET', `/config/${key}`), key).toEqual({
        status: 401,
        body: platformError(1008, 'Unauthorized'),
      })
    }
  })

  it('never serves security.jwt.secret, or a key naming a secret or password: 403 with errCode 1004', async () => {
    const wire = await startWire({ settings })
    const token = (await wire.login()).access_token
    for (const key of ['security.jwt.secret', 'mail.password', 'SECURITY.JWT.SECRET']) {
      const response = await wire.send('GET', `/config/${key}`, { token })
      const text = await response.text()
      expect(response.status, key).toBe(403)
      expect(JSON.parse(text)).toEqual(platformError(1004, 'NoPermission'))
      expect(text).not.toContain(SECRET)
    }
  })

  it('withholds every setting named like a credential, and any that holds the JWT secret under another name', async () => {
    const credentials = {
      'smtp.passwd': 'p1',
      'db.pwd': 'p2',
      'api.key': 'p3',
      'aws.accessToken': 'p4',
      'db.credentials': 'p5',
      'ssh.privateKey': 'p6',
      'vault.passphrase': 'p7',
      'oauth.clientSecret': 'p8',
    }
    const wire = await startWire({ settings: { ...settings, ...credentials } })
    const token = (await wire.login()).access_token
    const system = await wire.send('GET', '/config/system', { token })
    const text = await system.text()
    expect(Object.keys(JSON.parse(text).settings)).toEqual([
      'security.jwt.expiration',
      'app.name',
      'security.jwt.refreshExpiration',
    ])
    for (const [key, value] of Object.entries(credentials)) {
      expect(text, key).not.toContain(value)
      expect(await wire.json('GET', `/config/${key}`, { token }), key).toEqual({
        status: 403,
        body: platformError(1004, 'NoPermission'),
      })
    }
  })

  it('a setting or record whose value embeds the JWT secret is never served, public or not, logged in or not', async () => {
    const wire = await startWire({ settings: { ...settings, 'db.url': `postgres://app:${SECRET}@db/app` } })
    const token = (await wire.login()).access_token
    for (const [key, allowPublicAccess] of [
      ['report.url', true],
      ['report.link', false],
    ] as const) {
      await wire.json('POST', '/data/DynamicConfig', {
        token,
        json: { key, value: `postgres://app:${SECRET}@db/app`, allowPublicAccess },
      })
      const byKey = await wire.send('GET', `/config/${key}`, { token })
      expect(byKey.status, key).toBe(403)
      expect(await byKey.text()).not.toContain(SECRET)
    }
    expect((await wire.json('GET', '/config/report.url')).status).toBe(403)
    expect(await (await wire.send('GET', '/config/db.url', { token })).text()).not.toContain(SECRET)
    for (const call of [{ token }, {}]) {
      const system = await wire.send('GET', '/config/system', call)
      expect(await system.text()).not.toContain(SECRET)
    }
  })

  it('a second DynamicConfig with a key the tenant holds is a validation failure: HTTP 200, status error', async () => {
    const wire = await startWire({ settings })
    const token = (await wire.login()).access_token
    const duplicate = await wire.json('POST', '/data/DynamicConfig', {
      token,
      json: { key: 'app.name', value: 'x' },
    })
    expect(duplicate.status).toBe(200)
    expect(duplicate.body.status).toBe('error')
    expect((await wire.json('GET', '/config/app.name', { token })).body.value).toBe('Order desk')
  })
})
