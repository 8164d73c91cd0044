// Node module hooks: an `.html` import is the file's text as the default export, as tsup's text loader makes it in
// the build (the emulator's console page). Registered by html-as-text.mjs.
import { readFile } from 'node:fs/promises'

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.html')) return nextLoad(url, context)
  const text = await readFile(new URL(url), 'utf8')
  return { format: 'module', source: `export default ${JSON.stringify(text)}\n`, shortCircuit: true }
}
