import { DomainHelper, SimpleQuery, StorageUtils, type StorageFieldValue } from '../../index.js'
import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import { runAsCaller } from '../logic/run-as-caller.js'
import { objectId } from './page-params.js'
import type { RequestUser } from '../logic/logic-request.js'
import { allows } from '../auth/permissions.js'
import { WireError } from '../wire/wire-error.js'
import { jsonResponse } from '../wire/wire-response.js'

/**
 * Attachments on the host's storage, for any logged-in user (401/1008 without a token), in the caller's tenant.
 * The document shows no payload, so (the emulator's choice):
 *
 * - `POST /attachment/upload` takes `multipart/form-data` with the file in the field `file` (and an optional
 *   `description`), stores it with `StorageUtils.createStorageFileDomain`, records an `Attachment` naming the
 *   uploader, and answers the `StorageFieldValue`, which a create or update can set on a FILE field as it is;
 * - `GET /attachment/download/<id>` answers the bytes of the stored file with that id, with its content type
 *   and file name, as a download (`Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`), to a
 *   caller who may read an object whose FILE field holds it (the domain's `read` role; an `Attachment` record
 *   counts as the platform domain it is) or who uploaded it; anyone else gets 404, as for a file that does not
 *   exist.
 *
 * @internal
 */
export function attachmentRoutes(app: EmulatorApp, parts: EmulatorParts): void {
  const { catalog, host } = parts

  /**
   * The objects of a domain whose files the caller may download: all of them with the domain's `read` role;
   * of `Attachment` without it, the caller's own uploads; `undefined` for none.
   */
  const readableHolders = (domain: string, user: RequestUser): SimpleQuery | undefined => {
    if (allows(catalog, user, domain, 'read')) return SimpleQuery.of(domain)
    if (domain === 'Attachment') return SimpleQuery.of(domain).eq('uploadedBy', user.username)
    return undefined
  }

  app.post('/attachment/upload', async (c) => {
    const call = c.get('call')
    const user = await parts.auth.caller(call, 'login')
    if (call.contentType !== 'multipart/form-data') {
      throw new WireError(
        'IllegalArgument',
        'POST /api/attachment/upload takes multipart/form-data with the file in the field "file".',
      )
    }
    const bytes = await call.bytes('upload')
    let form: FormData
    try {
      form = await new Response(bytes, {
        headers: { 'content-type': call.request.headers.get('content-type') ?? '' },
      }).formData()
    } catch (error) {
      throw new WireError(
        'IllegalArgument',
        `the multipart body cannot be read: ${(error as Error).message}.`,
      )
    }
    const file = form.get('file')
    if (typeof file === 'string' || file === null) {
      throw new WireError('IllegalArgument', 'the upload has no file: send it in the multipart field "file".')
    }
    const description = form.get('description')
    const content = new Uint8Array(await file.arrayBuffer())
    const stored = runAsCaller(parts, user, () => {
      const value = StorageUtils.createStorageFileDomain(
        file.name || 'upload',
        file.type || 'application/octet-stream',
        content,
      )
      DomainHelper.createDomain(
        DomainHelper.buildDomain('Attachment', {
          file: value,
          description: typeof description === 'string' ? description : null,
          uploadedBy: user.username,
        }),
      )
      return value
    })
    return jsonResponse(stored)
  })

  app.get('/attachment/download/:id', async (c) => {
    const user = await parts.auth.caller(c.get('call'), 'login')
    const id = objectId(c.req.param('id'))
    const file = runAsCaller(parts, user, () => {
      for (const domain of catalog.names) {
        const holders = readableHolders(domain, user)
        if (holders === undefined) continue
        for (const field of catalog.fieldsOfType(domain, 'FILE')) {
          for (const object of holders.notNull(field).listAll()) {
            const value = (object as Record<string, unknown>)[field] as StorageFieldValue
            if (value.id === id) return value
          }
        }
      }
      return undefined
    })
    if (file === undefined) throw new WireError('NotFound', `there is no stored file ${id} you may read.`)
    return new Response(host.readStoredFile(file.key), {
      headers: {
        'content-type': file.mimeType,
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        // The type is the uploader's word: a browser must not guess another (an upload of HTML run as a page).
        'x-content-type-options': 'nosniff',
      },
    })
  })
}
