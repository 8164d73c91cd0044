import { build } from 'esbuild'
import { gzipSync } from 'node:zlib'

/** What a frontend bundle pays for a built entry, in bytes. */
export interface EntrySize {
  /** Bundled and minified. */
  readonly minified: number
  /** Bundled, minified and gzipped at level 9: the figure the size targets are set in. */
  readonly gzipped: number
}

/**
 * Measures a built entry as a bundler ships it: esbuild bundles and minifies it for the browser (ES2022, ESM),
 * and `node:zlib` gzips the result at level 9. The client bench reports this figure and the packaging test of
 * the client's size holds it, so both measure the same way.
 *
 * @param file - The built entry's path, such as `dist/client/index.js`.
 * @returns Its minified and gzipped byte counts.
 */
export async function entrySize(file: string): Promise<EntrySize> {
  const bundled = await build({
    entryPoints: [file],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  const code = bundled.outputFiles[0]?.contents ?? new Uint8Array()
  return { minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength }
}
