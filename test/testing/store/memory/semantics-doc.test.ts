import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const here = dirname(fileURLToPath(import.meta.url))
const doc = readFileSync(resolve(here, '../../../../docs/semantics.md'), 'utf8')
/** The reference host's tests: the rules are held in the store's folders and in domains/. */
const tests = resolve(here, '../..')

test('every rule in docs/semantics.md names a test that exists', () => {
  const sources = readdirSync(tests, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => readFileSync(join(tests, file), 'utf8'))
    .join('\n')
  // The last column of every table headed `| Rule | Behaviour | Test |`.
  const named: string[] = []
  let inRules = false
  for (const line of doc.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    if (!line.startsWith('|')) inRules = false
    else if (cells[1] === 'Rule') inRules = true
    else if (inRules && !(cells[1] ?? '').startsWith('---')) named.push(cells.at(-2) ?? '')
  }
  expect(named.length).toBeGreaterThanOrEqual(40)
  const missing = named.filter((name) => !sources.includes(`'${name.replaceAll('\\', '\\\\')}'`))
  expect(missing).toEqual([])
})
