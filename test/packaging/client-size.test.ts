import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { entrySize, type EntrySize } from '../../bench/entry-size.js'
import { ensureBuilt } from './built-package.js'

/**
 * The size target of the `./client` entry (issue 26): under 4 KB bundled, minified and gzipped. It is not met:
 * the code alone, with every message emptied, measures 4,065 bytes, and the messages that say what went wrong
 * and what to do add about 650 more (docs/performance.md, "The REST client").
 */
const TARGET = 4 * 1024

/**
 * What the entry measures now, in bytes: a ceiling it may not grow past without a decision. Lower it when the
 * entry shrinks; raise it only for a behaviour or a message worth the bytes, recorded in docs/performance.md.
 */
const CEILING = 4_715

let size: EntrySize

beforeAll(async () => {
  size = await entrySize(join(ensureBuilt(), 'client', 'index.js'))
})

describe('the built client entry, bundled, minified and gzipped as bench/client.bench.ts measures it', () => {
  it(`grows past no ${CEILING} bytes (the target is ${TARGET})`, () => {
    expect(size.gzipped).toBeLessThanOrEqual(CEILING)
  })
})
