import { describe, expect, it } from 'vitest'
import type { EmulatorOptions } from '../../../src/emulator/index.js'
import { SHOP, count } from '../shop.js'
import { platformError, startWire, type Wire } from '../wire.js'

interface Stored {
  id: number
  fileName: string
  displayName: string
  displaySequence: number
  key: string
  directAccessKey: string
  [field: string]: unknown
}

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

async function uploaded(wire: Wire, token: string, name: string, text: string): Promise<Stored> {
  return (await (await upload(wire, token, name, text)).json()) as Stored
}

/** The shop with a domain only administrators read, and a second clerk. */
const PAYROLL = {
  ...SHOP,
  domains: {
    ...SHOP.domains,
    Payslip: { fields: { slip: 'FILE' }, roles: { read: ['ROLE_ADMIN'] } },
  },
  users: [...SHOP.users!, { username: 'clara', password: 'clara', roles: ['ROLE_USER'] }],
} satisfies EmulatorOptions

describe('attachments', () => {
  it("upload stores the file and answers its StorageFieldValue in the platform's shape; download answers the bytes, type and file name", async () => {
    const wire = await startWire(SHOP)
    const token = (await wire.login('clerk', 'clerk')).access_token
    const response = await upload(wire, token, 'receipt #1.csv', 'item,qty\nwidget,2\n')
    const stored = (await response.json()) as Record<string, unknown>

    expect(response.status).toBe(200)
    expect(stored).toEqual({
      id: expect.any(Number),
      fileName: 'receipt #1.csv',
      displayName: 'receipt #1.csv',
      mimeType: 'text/csv',
      displaySequence: 1,
      description: 'a receipt',
      key: expect.any(String),
      directAccessKey: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.csv$/,
      ),
      storageEngine: 'LOCAL_FILE',
    })
    expect(count(wire.emulator.host, 'StorageFieldValue')).toBe(1)
    const download = await wire.send('GET', `/attachment/download/${stored['id']}`, { token })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('text/csv')
    expect(download.headers.get('content-disposition')).toBe(
      "attachment; filename*=UTF-8''receipt%20%231.csv",
    )
    expect(await download.text()).toBe('item,qty\nwidget,2\n')
  })

  it('a stored file is a StorageFieldValue record over /data, without the emulator’s own fields', async () => {
    const wire = await startWire(SHOP)
    const token = (await wire.login()).access_token
    const stored = await uploaded(wire, token, 'a.txt', 'a')
    expect((await wire.json('GET', `/data/StorageFieldValue/${stored.id}`, { token })).body.data).toEqual(
      stored,
    )
  })

  it('an uploaded file is set on a FILE field as it is, reads back as it is, and downloads from there', async () => {
    const wire = await startWire(SHOP)
    const token = (await wire.login()).access_token
    const stored = await uploaded(wire, token, 'r.txt', 'paid')
    const created = await wire.json('POST', '/data/Order', {
      token,
      json: { number: 1, status: 'PAID', receipt: stored },
    })
    expect(created.body.status).toBe('success')
    expect(created.body.data.receipt).toEqual(stored)
    const read = await wire.json('GET', `/data/Order/${created.body.data.id}`, { token })
    expect(read.body.data.receipt).toEqual(stored)
    expect(await (await wire.send('GET', `/attachment/download/${stored.id}`, { token })).text()).toBe('paid')
  })

  it('a file is downloaded only by who may read an object holding it, or by who uploaded it: 404 for anyone else', async () => {
    const wire = await startWire(PAYROLL)
    const admin = (await wire.login()).access_token
    const clerk = (await wire.login('clerk', 'clerk')).access_token
    const clara = (await wire.login('clara', 'clara')).access_token
    const download = async (id: number, token: string) =>
      (await wire.send('GET', `/attachment/download/${id}`, { token })).status

    const slip = await uploaded(wire, admin, 'slip.txt', 'salary')
    await wire.json('POST', '/data/Payslip', { token: admin, json: { slip } })
    expect([await download(slip.id, admin), await download(slip.id, clerk)]).toEqual([200, 404])

    const note = await uploaded(wire, clerk, 'note.txt', 'mine')
    expect([await download(note.id, clerk), await download(note.id, clara)]).toEqual([200, 404])
    await wire.json('POST', '/data/Order', {
      token: clerk,
      json: { number: 7, status: 'OPEN', receipt: note },
    })
    expect(await download(note.id, clara)).toBe(200)
  })

  it('a forged reference to a file the user may not read is refused, and the file stays unreadable (issue 25, finding 1)', async () => {
    const wire = await startWire(PAYROLL)
    const admin = (await wire.login()).access_token
    const clerk = (await wire.login('clerk', 'clerk')).access_token
    const slip = await uploaded(wire, admin, 'slip.txt', 'salary')
    await wire.json('POST', '/data/Payslip', { token: admin, json: { slip } })
    const hostId = Number(/(\d+)$/.exec(slip.key)?.[1])
    const forgeries = [
      { ...slip },
      { id: slip.id, key: slip.key },
      {
        id: hostId,
        key: slip.key,
        fileName: 'x',
        mimeType: 'text/plain',
        displaySequence: 0,
        description: null,
        storageEngine: 'memory',
      },
    ]
    for (const [index, receipt] of forgeries.entries()) {
      const created = await wire.json('POST', '/data/Order', {
        token: clerk,
        json: { number: 100 + index, status: 'OPEN', receipt },
      })
      expect(created.body.status, JSON.stringify(receipt)).toBe('error')
      expect((await wire.send('GET', `/attachment/download/${receipt.id}`, { token: clerk })).status).toBe(
        404,
      )
    }
    const own = await wire.json('POST', '/data/Order', {
      token: clerk,
      json: { number: 200, status: 'OPEN' },
    })
    const updated = await wire.json('PUT', `/data/Order/${own.body.data.id}`, {
      token: clerk,
      json: { id: own.body.data.id, receipt: forgeries[0] },
    })
    expect(updated.body.status).toBe('error')
    const batch = await wire.json('PUT', '/data/Order/batch', {
      token: clerk,
      json: [{ id: own.body.data.id, receipt: forgeries[1] }],
    })
    expect(batch.status).toBe(400)
    expect(count(wire.emulator.host, 'Order')).toBe(1)
    expect(
      (await wire.json('GET', `/data/Order/${own.body.data.id}`, { token: clerk })).body.data.receipt,
    ).toBeNull()
  })

  it('a refused file reference reads the same for a file that exists and one that does not: no listing of file ids', async () => {
    const wire = await startWire(PAYROLL)
    const admin = (await wire.login()).access_token
    const clerk = (await wire.login('clerk', 'clerk')).access_token
    const slip = await uploaded(wire, admin, 'slip.txt', 'salary')
    const missing = slip.id + 1000
    const attempt = async (id: number) => {
      const { status, body } = await wire.json('POST', '/data/Order', {
        token: clerk,
        json: {
          number: 1,
          status: 'OPEN',
          // Every property of a stored file, the predictable key included: only the id is a guess.
          receipt: {
            id,
            fileName: 'x.txt',
            mimeType: 'text/plain',
            displaySequence: 0,
            description: null,
            key: `files/${id}`,
            storageEngine: 'memory',
          },
        },
      })
      // The date is the answer's time: the rest must not differ.
      const message = String(body.message).replaceAll(String(id), '<id>')
      return { status, body: { ...body, date: undefined, message } }
    }
    const hostId = Number(/(\d+)$/.exec(slip.key)?.[1])
    const absent = await attempt(missing)
    expect(absent.body.status).toBe('error')
    for (const id of [slip.id, hostId]) expect(await attempt(id), String(id)).toEqual(absent)
    expect(count(wire.emulator.host, 'Order')).toBe(0)
  })

  it('a user may put a file into a record when a record the user may read already holds it', async () => {
    const wire = await startWire(PAYROLL)
    const admin = (await wire.login()).access_token
    const clerk = (await wire.login('clerk', 'clerk')).access_token
    const shared = await uploaded(wire, admin, 'terms.txt', 'terms')
    await wire.json('POST', '/data/Order', {
      token: admin,
      json: { number: 1, status: 'OPEN', receipt: shared },
    })
    const copy = await wire.json('POST', '/data/Order', {
      token: clerk,
      json: { number: 2, status: 'OPEN', receipt: { id: shared.id } },
    })
    expect(copy.body.status).toBe('success')
    expect(copy.body.data.receipt).toEqual(shared)
  })

  it('an update that sends a record back as read keeps its file, whoever uploaded it', async () => {
    const wire = await startWire(PAYROLL)
    const admin = (await wire.login()).access_token
    const clerk = (await wire.login('clerk', 'clerk')).access_token
    const file = await uploaded(wire, admin, 'r.txt', 'r')
    const order = await wire.json('POST', '/data/Order', {
      token: admin,
      json: { number: 1, status: 'OPEN', receipt: file },
    })
    const read = (await wire.json('GET', `/data/Order/${order.body.data.id}`, { token: clerk })).body.data
    const updated = await wire.json('PUT', `/data/Order/${read.id}`, {
      token: clerk,
      json: { ...read, status: 'PAID' },
    })
    expect(updated.body.status).toBe('success')
    expect(updated.body.data.receipt).toEqual(file)
  })

  it('rename sets fileName and displayName, seen in FILE fields and downloads; 404 for a file the user cannot reach, 403 for one the user may only read', async () => {
    const wire = await startWire(PAYROLL)
    const admin = (await wire.login()).access_token
    const clerk = (await wire.login('clerk', 'clerk')).access_token
    const clara = (await wire.login('clara', 'clara')).access_token
    const file = await uploaded(wire, clerk, 'r.txt', 'r')
    const order = await wire.json('POST', '/data/Order', {
      token: clerk,
      json: { number: 1, status: 'OPEN', receipt: file },
    })

    const renamed = await wire.json('POST', '/attachment/rename', {
      token: clerk,
      json: { id: file.id, fileName: 'receipt.txt' },
    })
    expect(renamed.body.status).toBe('success')
    expect(renamed.body.data).toMatchObject({
      id: file.id,
      fileName: 'receipt.txt',
      displayName: 'receipt.txt',
    })
    expect(
      (await wire.json('GET', `/data/Order/${order.body.data.id}`, { token: clerk })).body.data.receipt
        .fileName,
    ).toBe('receipt.txt')
    const download = await wire.send('GET', `/attachment/download/${file.id}`, { token: clerk })
    expect(download.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''receipt.txt")

    const hidden = await uploaded(wire, admin, 'h.txt', 'h')
    expect(
      await wire.json('POST', '/attachment/rename', { token: clerk, json: { id: hidden.id, fileName: 'x' } }),
    ).toEqual({
      status: 404,
      body: platformError(1005, 'NotFound'),
    })
    expect(
      (await wire.json('POST', '/attachment/rename', { token: clara, json: { id: file.id, fileName: '' } }))
        .status,
    ).toBe(400)
  })

  it('rename by a user who may read the record holding the file but not update it: 403/1004', async () => {
    const readOnly = await startWire({
      ...PAYROLL,
      domains: {
        ...PAYROLL.domains,
        Order: { ...SHOP.domains!['Order']!, roles: { update: ['ROLE_ADMIN'] } },
      },
    })
    const owner = (await readOnly.login()).access_token
    const reader = (await readOnly.login('clara', 'clara')).access_token
    const held = await uploaded(readOnly, owner, 'o.txt', 'o')
    await readOnly.json('POST', '/data/Order', {
      token: owner,
      json: { number: 1, status: 'OPEN', receipt: held },
    })
    expect(
      await readOnly.json('POST', '/attachment/rename', {
        token: reader,
        json: { id: held.id, fileName: 'x' },
      }),
    ).toEqual({
      status: 403,
      body: platformError(1004, 'NoPermission'),
    })
  })

  it('sort sets displaySequence 1..n in the order given, all or none', async () => {
    const wire = await startWire(PAYROLL)
    const admin = (await wire.login()).access_token
    const clerk = (await wire.login('clerk', 'clerk')).access_token
    const [a, b, c] = [
      await uploaded(wire, clerk, 'a.txt', 'a'),
      await uploaded(wire, clerk, 'b.txt', 'b'),
      await uploaded(wire, clerk, 'c.txt', 'c'),
    ]
    const sorted = await wire.json('POST', '/attachment/sort', {
      token: clerk,
      json: { ids: [c.id, a.id, b.id] },
    })
    expect(sorted.body.data.map((file: Stored) => [file.id, file.displaySequence])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ])
    const foreign = await uploaded(wire, admin, 'f.txt', 'f')
    expect(
      (await wire.json('POST', '/attachment/sort', { token: clerk, json: { ids: [a.id, foreign.id] } }))
        .status,
    ).toBe(404)
    expect(
      (await wire.json('GET', `/data/StorageFieldValue/${a.id}`, { token: admin })).body.data.displaySequence,
    ).toBe(2)
    expect(
      (await wire.json('POST', '/attachment/sort', { token: clerk, json: { ids: [a.id, a.id] } })).status,
    ).toBe(400)
  })

  it('delete removes the record of a file no record holds; a held file is refused with 400 and kept', async () => {
    const wire = await startWire(SHOP)
    const token = (await wire.login('clerk', 'clerk')).access_token
    const loose = await uploaded(wire, token, 'l.txt', 'l')
    const held = await uploaded(wire, token, 'h.txt', 'h')
    await wire.json('POST', '/data/Order', { token, json: { number: 1, status: 'OPEN', receipt: held } })

    const deleted = await wire.json('POST', '/attachment/delete', { token, json: { id: loose.id } })
    expect(deleted.body).toMatchObject({ status: 'success', data: { id: loose.id } })
    expect((await wire.send('GET', `/attachment/download/${loose.id}`, { token })).status).toBe(404)
    expect((await wire.send('GET', `/attachment/direct/${loose.directAccessKey}`)).status).toBe(404)
    expect(await wire.json('POST', '/attachment/delete', { token, json: { id: held.id } })).toEqual({
      status: 400,
      body: platformError(1001, 'IllegalArgument'),
    })
    expect(count(wire.emulator.host, 'StorageFieldValue')).toBe(1)
  })

  it('GET and HEAD /attachment/direct/<directAccessKey> serve the file without login, in any tenant; 404 for an unknown key', async () => {
    const wire = await startWire(SHOP)
    const globex = (await wire.login('globex', 'globex')).access_token
    const stored = await uploaded(wire, globex, 'logo.txt', 'globex logo')
    const direct = await wire.send('GET', `/attachment/direct/${stored.directAccessKey}`)
    expect(direct.status).toBe(200)
    expect(direct.headers.get('content-type')).toBe('text/csv')
    expect(direct.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await direct.text()).toBe('globex logo')
    const head = await wire.send('HEAD', `/attachment/direct/${stored.directAccessKey}`)
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    expect(
      (await wire.json('GET', '/attachment/direct/00000000-0000-0000-0000-000000000000.txt')).body,
    ).toEqual(platformError(1005, 'NotFound'))
  })

  it('a download is never sniffed or shown inline: X-Content-Type-Options nosniff, Content-Disposition attachment', async () => {
    const wire = await startWire(SHOP)
    const token = (await wire.login()).access_token
    const page = (await (
      await upload(wire, token, 'page.html', '<script>alert(1)</script>', 'text/html')
    ).json()) as Stored
    for (const path of [`/attachment/download/${page.id}`, `/attachment/direct/${page.directAccessKey}`]) {
      const response = await wire.send('GET', path, { token })
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; /)
    }
  })

  it("keeps each tenant's files to itself", async () => {
    const wire = await startWire(SHOP)
    const acme = (await wire.login()).access_token
    const globex = (await wire.login('globex', 'globex')).access_token
    const stored = await uploaded(wire, acme, 'secret.txt', 'acme only')
    expect(await wire.json('GET', `/attachment/download/${stored.id}`, { token: globex })).toEqual({
      status: 404,
      body: platformError(1005, 'NotFound'),
    })
    const forged = await wire.json('POST', '/data/Order', {
      token: globex,
      json: { number: 1, status: 'OPEN', receipt: stored },
    })
    expect(forged.body.status).toBe('error')
  })

  it('require login but for direct: 401 with errCode 1008', async () => {
    const wire = await startWire(SHOP)
    expect(await (await upload(wire, undefined, 'a.txt', 'a')).json()).toEqual(
      platformError(1008, 'Unauthorized'),
    )
    expect((await wire.json('GET', '/attachment/download/1')).status).toBe(401)
    for (const route of ['delete', 'rename', 'sort']) {
      expect((await wire.json('POST', `/attachment/${route}`, { json: { id: 1 } })).status, route).toBe(401)
    }
    expect(count(wire.emulator.host, 'StorageFieldValue')).toBe(0)
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
    expect(count(wire.emulator.host, 'StorageFieldValue')).toBe(0)
  })

  it('answer other /attachment routes with 501', async () => {
    const wire = await startWire(SHOP)
    const token = (await wire.login()).access_token
    expect((await wire.json('GET', '/attachment/list', { token })).status).toBe(501)
  })
})
