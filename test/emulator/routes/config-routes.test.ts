import { describe, expect, it } from 'vitest'
import { platformError, startWire } from '../wire.js'

const settings = {
  'security.jwt.secret': 'never-to-be-seen-never-to-be-seen-0123',
  'security.jwt.expiration': 900,
  'app.name': 'Order desk',
  'mail.password': 'hunter2',
}

describe('configuration', () => {
  it('GET /config/system answers the platform version and the settings, never the JWT secret', async () => {
    const wire = await startWire({ settings })
    const token = (await wire.login()).access_token
    const response = await wire.send('GET', '/config/system', { token })
    const text = await response.text()
    expect(response.status).toBe(200)
    expect(JSON.parse(text)).toEqual({
      platformVersion: '1.0.0-beta18',
      settings: {
        'security.jwt.expiration': 900,
        'security.jwt.refreshExpiration': '',
        'app.name': 'Order desk',
      },
    })
    expect(text).not.toContain(settings['security.jwt.secret'])
    expect(text).not.toContain('hunter2')
  })

  it('GET /config/<key> answers {key, value}; 404 for a key that is not set', async () => {
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

  it('never serves security.jwt.secret, or a key naming a secret or password: 403 with errCode 1004', async () => {
    const wire = await startWire({ settings })
    const token = (await wire.login()).access_token
    for (const key of ['security.jwt.secret', 'mail.password', 'SECURITY.JWT.SECRET']) {
      const response = await wire.send('GET', `/config/${key}`, { token })
      const text = await response.text()
      expect(response.status, key).toBe(403)
      expect(JSON.parse(text)).toEqual(platformError(1004, 'NoPermission'))
      expect(text).not.toContain(settings['security.jwt.secret'])
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
      'app.signer': settings['security.jwt.secret'],
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

  it('requires login: 401 with errCode 1008', async () => {
    const wire = await startWire({ settings })
    expect(await wire.json('GET', '/config/system')).toEqual({
      status: 401,
      body: platformError(1008, 'Unauthorized'),
    })
  })
})
