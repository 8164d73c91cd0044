import { DomainHelper, QueryHelper, SimpleQuery } from '../../index.js'
import { isStorableText } from '../../testing/domains/normalize-field-value.js'
import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import { mayChangeFile, reachableFile, type ReachableFile } from '../auth/file-access.js'
import type { RequestUser } from '../logic/logic-request.js'
import { runAsCaller } from '../logic/run-as-caller.js'
import { STORAGE_DOMAIN, storeUpload, type StoredFileRecord } from '../platform/storage-records.js'
import type { IncomingCall } from '../wire/incoming-call.js'
import { isPlainObject } from '../wire/is-plain-object.js'
import { objectId } from './page-params.js'
import { WireError } from '../wire/wire-error.js'
import { jsonResponse, mutationEnvelope } from '../wire/wire-response.js'

/**
 * Attachments as `StorageFieldValue` records of the caller's tenant (§14.7). Every route but `direct` needs login
 * (401/1008). The document shows no payload, so (the emulator's choice):
 *
 * - `POST /attachment/upload`: `multipart/form-data`, the file in the field `file` (an optional `description`);
 *   answers the `StorageFieldValue` (`displaySequence` 1, `storageEngine` `LOCAL_FILE`, `directAccessKey`
 *   `<uuid>.<extension>`), which a create or update sets on a FILE field as it is;
 * - `GET /attachment/download/<id>`: the bytes, as a download;
 * - `POST /attachment/delete` `{"id": n}`: deletes the record of a file no record holds (a held one: 400/1001);
 * - `POST /attachment/rename` `{"id": n, "fileName": "..."}`: sets `fileName` and `displayName`;
 * - `POST /attachment/sort` `{"ids": [n, ...]}`: sets `displaySequence` 1..n in that order, all or none;
 * - `GET`/`HEAD /attachment/direct/<directAccessKey>`: the bytes without login, in whichever tenant holds the key.
 *
 * A caller reaches a file (download, and delete, rename, sort) when they uploaded it, may read the
 * `StorageFieldValue` domain, or may read a record that holds it; anyone else gets 404/1005, as for a file that
 * does not exist. Changing a reachable file needs the uploader, the `StorageFieldValue` domain's `update` role, or
 * the `update` role of a readable record holding it: else 403/1004. The three changing routes answer the mutation
 * envelope with the files as they are after the change (as they were, for a delete).
 *
 * @internal
 */
export function attachmentRoutes(app: EmulatorApp, parts: EmulatorParts): void {
  const { catalog, host } = parts

  /** The file an id names, if the caller may reach it; 404 otherwise (the same for one that does not exist). */
  const reach = (user: RequestUser, id: unknown, what: string): ReachableFile => {
    const file =
      typeof id === 'number' && Number.isSafeInteger(id) ? reachableFile(catalog, user, id) : undefined
    if (file === undefined) {
      throw new WireError('NotFound', `there is no stored file ${JSON.stringify(id)} that you may ${what}.`)
    }
    return file
  }

  /** The record of a reachable file the caller may change; 403 otherwise, 400 for a file stored without one. */
  const changeable = (user: RequestUser, id: unknown, what: string): StoredFileRecord => {
    const file = reach(user, id, what)
    if (file.record === null) {
      throw new WireError(
        'IllegalArgument',
        `stored file ${String(id)} was stored by plugin code, without a StorageFieldValue record, and cannot be changed over REST.`,
      )
    }
    if (!mayChangeFile(catalog, user, file)) {
      throw new WireError(
        'NoPermission',
        `${user.username} may not ${what} stored file ${String(id)}: that needs its uploader, the update role of ${STORAGE_DOMAIN}, or the update role of a record that holds it.`,
      )
    }
    return file.record
  }

  /** The JSON object body of a changing route, or 400 naming the body it takes. */
  const body = async (call: IncomingCall, takes: string): Promise<Record<string, unknown>> => {
    const value = await call.json()
    if (!isPlainObject(value)) throw new WireError('IllegalArgument', `${call.route} takes ${takes}.`)
    return value
  }

  const download = (file: ReachableFile): Response => {
    const fileName = file.record?.fileName ?? file.value.fileName
    return new Response(host.readStoredFile(file.value.key), {
      headers: {
        'content-type': file.record?.mimeType ?? file.value.mimeType,
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        // The type is the uploader's word: a browser must not guess another (an upload of HTML run as a page).
        'x-content-type-options': 'nosniff',
      },
    })
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
    return jsonResponse(
      runAsCaller(parts, user, () =>
        catalog.render(
          STORAGE_DOMAIN,
          storeUpload(
            {
              fileName: file.name || 'upload',
              mimeType: file.type || 'application/octet-stream',
              content,
              description: typeof description === 'string' ? description : null,
            },
            user.username,
          ),
        ),
      ),
    )
  })

  app.get('/attachment/download/:id', async (c) => {
    const user = await parts.auth.caller(c.get('call'), 'login')
    const id = objectId(c.req.param('id'))
    return download(runAsCaller(parts, user, () => reach(user, id, 'read')))
  })

  // GET and HEAD (Hono answers a HEAD with the GET route, without the body).
  app.get('/attachment/direct/:directAccessKey', (c) => {
    const key = c.req.param('directAccessKey')
    for (const tenant of parts.tenants) {
      const record = host.runAs({ tenant, user: null }, () =>
        key === ''
          ? undefined
          : (SimpleQuery.of(STORAGE_DOMAIN).eq('directAccessKey', key).list(0, 1)[0] as
              StoredFileRecord | undefined),
      )
      if (record?.storedFile != null) return download({ value: record.storedFile, record })
    }
    throw new WireError(
      'NotFound',
      `there is no stored file with the direct access key ${JSON.stringify(key)}.`,
    )
  })

  app.post('/attachment/delete', async (c) => {
    const call = c.get('call')
    const user = await parts.auth.caller(call, 'login')
    const { id } = await body(call, 'a JSON object {"id": <the StorageFieldValue id>}')
    return jsonResponse(
      runAsCaller(parts, user, () => {
        const record = changeable(user, id, 'delete')
        const value = record.storedFile
        if (value !== null && isHeld(value.key)) {
          throw new WireError(
            'IllegalArgument',
            `stored file ${String(id)} is held by a record's FILE field; set that field to another file or to null first, then delete the file.`,
          )
        }
        const data = catalog.render(STORAGE_DOMAIN, record)
        DomainHelper.deleteDomain(record)
        return mutationEnvelope({ data }, parts.now())
      }),
    )
  })

  app.post('/attachment/rename', async (c) => {
    const call = c.get('call')
    const user = await parts.auth.caller(call, 'login')
    const { id, fileName } = await body(
      call,
      'a JSON object {"id": <the StorageFieldValue id>, "fileName": "<the new name>"}',
    )
    if (typeof fileName !== 'string' || fileName.trim() === '' || !isStorableText(fileName)) {
      throw new WireError(
        'IllegalArgument',
        `POST /api/attachment/rename needs "fileName", a non-empty text without NUL characters; got ${JSON.stringify(fileName) ?? 'none'}.`,
      )
    }
    return jsonResponse(
      runAsCaller(parts, user, () => {
        const record = changeable(user, id, 'rename')
        record.fileName = fileName
        record.displayName = fileName
        DomainHelper.updateDomain(record)
        return mutationEnvelope({ data: catalog.render(STORAGE_DOMAIN, record) }, parts.now())
      }),
    )
  })

  app.post('/attachment/sort', async (c) => {
    const call = c.get('call')
    const user = await parts.auth.caller(call, 'login')
    const { ids } = await body(call, 'a JSON object {"ids": [<StorageFieldValue ids in their new order>]}')
    if (!Array.isArray(ids) || ids.length === 0 || new Set(ids).size !== ids.length) {
      throw new WireError(
        'IllegalArgument',
        'POST /api/attachment/sort needs "ids", a non-empty array of distinct StorageFieldValue ids in their new order; they get displaySequence 1, 2, ...',
      )
    }
    return jsonResponse(
      runAsCaller(parts, user, () => {
        // Every file is checked before any is changed: all or none.
        const records = ids.map((id) => changeable(user, id as unknown, 'sort'))
        QueryHelper.withTransaction(() => {
          records.forEach((record, index) => {
            record.displaySequence = index + 1
            DomainHelper.updateDomain(record)
          })
        })
        return mutationEnvelope(
          { data: records.map((record) => catalog.render(STORAGE_DOMAIN, record)) },
          parts.now(),
        )
      }),
    )
  })

  /** Whether any record of the tenant, readable by the caller or not, holds the stored file under `key`. */
  const isHeld = (key: string): boolean =>
    catalog.names.some(
      (domain) =>
        domain !== STORAGE_DOMAIN &&
        catalog.fieldsOfType(domain, 'FILE').some((field) =>
          SimpleQuery.of(domain)
            .notNull(field)
            .listAll()
            .some((object) => keyOf((object as Record<string, unknown>)[field]) === key),
        ),
    )
}

/** The storage key of a FILE value. */
function keyOf(value: unknown): string | undefined {
  return (value as { key?: string } | null)?.key
}
