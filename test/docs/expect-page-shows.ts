import { readFile } from 'node:fs/promises'
import { expect } from 'vitest'

/**
 * Checks that a page shows the example a test runs: every non-blank line of the test file from the line `from`
 * up to the line `to` appears in the page, in the same order.
 *
 * @param page - The page, relative to the test file (`'../../README.md'`).
 * @param testFile - The test file's URL (`import.meta.url`).
 * @param from - The first line of the example in the test file.
 * @param to - The line after the example.
 */
export async function expectPageShows(
  page: string,
  testFile: string,
  from: string,
  to: string,
): Promise<void> {
  const code = (await readFile(new URL(testFile), 'utf8')).split('\n')
  const body = code.slice(code.indexOf(from), code.indexOf(to))
  const text = await readFile(new URL(page, testFile), 'utf8')
  let at = 0
  for (const line of body.filter((l) => l.trim() !== '')) {
    const found = text.indexOf(line, at)
    expect(found, `${page} line: ${line}`).toBeGreaterThanOrEqual(0)
    at = found + line.length
  }
}
