import { describe, expect, it } from 'vitest'
import { SHOP, count } from '../shop.js'
import { platformError, startWire, type Wire } from '../wire.js'

function upload(
  wire: Wire,
  token: string | undefined,
  name: string,
  text: string,
  type = 'text/csv',
): Promise<Response> {
  const form = new FormData()
  form.set('file', new File([text], name, { type }))
  form.set('description', 'a receipt')
  return wire.send('POST', '/attachment/upload', { ...(token === undefined ? {} : { token }), body: form })
}

describe('attachments', () => {
  it('upload stores the file and answers its StorageFieldValue; download answers the bytes, type and file name', async () => {
    const wire = await startWire(SHOP)
    const token = (await wire.login('clerk', 'clerk')).access_token
    const response = await upload(wire, token, 'receipt #1.csv', 'item,qty\nwidget,2\n')
    const stored = (await response.json()) as Record<string, unknown>

    expect(response.status).toBe(200)
    expect(stored).toEqual({
      id: expect.any(Number),
      fileName: 'receipt #1.csv',
      mimeType: 'text/csv',
      displaySequence: 0,
      description: null,
      key: expect.any(String),
      storageEngine: 'memory',
    })
    expect(count(wire.emulator.host, 'Attachment')).toBe(1)
    const download = await wire.send('GET', `/attachment/download/${stored['id']}`, { token })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('text/csv')
    expect(download.headers.get('content-disposition')).toBe(
      "attachment; filename*=UTF-8''receipt%20%231.csv",
    )
    expect(await download.text()).toBe('item,qty\nwidget,2\n')
  })

  it('an uploaded file is set on a FILE field as it is, and downloads from there', async () => {
    const wire = await startWire(SHOP)
    const token = (await wire.login()).access_token
    const stored = (await (await upload(wire, token, 'r.txt', 'paid')).json()) as { id: number }
    const created = await wire.json('POST', '/data/Order', {
      token,
      json: { number: 1, status: 'PAID', receipt: stored },
    })
    expect(created.body.status).toBe('success')
    expect(created.body.data.receipt).toEqual(stored)
    expect(await (await wire.send('GET', `/attachment/download/${stored.id}`, { token })).text()).toBe('paid')
  })

  it('a file is downloaded only by who may read an object holding it, or by who uploaded it: 404 for anyone else', async () => {
    const wire = await startWire({
      ...SHOP,
      domains: {
        ...SHOP.domains,
        Payslip: { fields: { slip: 'FILE' }, roles: { read: ['ROLE_ADMIN'] } },
      },
      users: [...SHOP.users!, { username: 'clara', password: 'clara', roles: ['ROLE_USER'] }],
    })
    const admin = (await wire.login()).access_token
    const clerk = (await wire.login('clerk', 'clerk')).access_token
    const clara = (await wire.login('clara', 'clara')).access_token
    const download = async (id: number, token: string) =>
      (await wire.send('GET', `/attachment/download/${id}`, { token })).status

    const slip = (await (await upload(wire, admin, 'slip.txt', 'salary')).json()) as { id: number }
    await wire.json('POST', '/data/Payslip', { token: admin, json: { slip } })
    expect([await download(slip.id, admin), await download(slip.id, clerk)]).toEqual([200, 404])

    const note = (await (await upload(wire, clerk, 'note.txt', 'mine')).json()) as { id: number }
    expect([await download(note.id, clerk), await download(note.id, clara)]).toEqual([200, 404])
    await wire.json('POST', '/data/Order', {
      token: clerk,
      json: { number: 7, status: 'OPEN', receipt: note },
    })
    expect(await download(note.id, clara)).toBe(200)
  })

  it('a download is never sniffed or shown inline: X-Content-Type-Options nosniff, Content-Disposition attachment', async () => {
    const wire = await startWire(SHOP)
    const token = (await wire.login()).access_token
    const page = (await (
      await upload(wire, token, 'page.html', '<script>alert(1)</script>', 'text/html')
    ).json()) as {
      id: number
    }
    const response = await wire.send('GET', `/attachment/download/${page.id}`, { token })
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /)
  })

  it("keeps each tenant's files to itself", async () => {
    const wire = await startWire(SHOP)
    const acme = (await wire.login()).access_token
    const globex = (await wire.login('globex', 'globex')).access_token
    const stored = (await (await upload(wire, acme, 'secret.txt', 'acme only')).json()) as { id: number }
    expect(await wire.json('GET', `/attachment/download/${stored.id}`, { token: globex })).toEqual({
      status: 404,
      body: platformError(1005, 'NotFound'),
    })
  })

  it('require login: 401 with errCode 1008', async () => {
    const wire = await startWire(SHOP)
    expect(await (await upload(wire, undefined, 'a.txt', 'a')).json()).toEqual(
      platformError(1008, 'Unauthorized'),
    )
    expect((await wire.json('GET', '/attachment/download/1')).status).toBe(401)
    expect(count(wire.emulator.host, 'Attachment')).toBe(0)
  })

  it('refuse an upload that is not multipart, has no file, or is larger than maxUploadBytes', async () => {
    const wire = await startWire({ ...SHOP, maxUploadBytes: 2048 })
    const token = (await wire.login()).access_token
    expect((await wire.json('POST', '/attachment/upload', { token, json: { file: 'x' } })).status).toBe(400)
    const noFile = new FormData()
    noFile.set('note', 'no file here')
    expect((await wire.json('POST', '/attachment/upload', { token, body: noFile })).status).toBe(400)
    const tooLarge = await upload(wire, token, 'big.bin', 'x'.repeat(4096))
    expect(tooLarge.status).toBe(413)
    expect(count(wire.emulator.host, 'Attachment')).toBe(0)
  })

  it('answer other /attachment routes with 501', async () => {
    const wire = await startWire(SHOP)
    const token = (await wire.login()).access_token
    expect((await wire.json('GET', '/attachment/list', { token })).status).toBe(501)
  })
})
