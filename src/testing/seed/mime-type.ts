import { extname } from 'node:path'

/** Media types by file extension, for the files seed data stores (the platform's attachments and themes). */
const TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.html': 'text/html',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.zip': 'application/zip',
})

/**
 * The media type a stored seed file gets from its extension; `application/octet-stream` for any other.
 *
 * @param path - The file's path or name.
 * @returns The media type, such as `text/plain`.
 * @internal
 */
export function mimeTypeOf(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}
