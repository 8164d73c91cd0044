import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The entry script of the JVM side, in its folder. */
export const SERVER_SCRIPT = 'logic-server.groovy'

/**
 * The folder of the JVM side's Groovy sources (`logic-server.groovy`, `tech/...`, `grails/...`): next to this
 * module in the sources (`runtime/`), `dist/groovy-runtime/` in the built package, whichever chunk of the ESM or
 * CommonJS build this code landed in (tsup copies the folder there; see tsup.config.ts).
 *
 * @returns The folder's path, or `undefined` when the package was built without it.
 * @internal
 */
export function groovyRuntimeFolder(): string | undefined {
  let folder = dirname(fileURLToPath(import.meta.url))
  const candidates = [join(folder, 'runtime')]
  for (let up = 0; up < 4; up++) {
    candidates.push(join(folder, 'groovy-runtime'))
    folder = dirname(folder)
  }
  return candidates.find((candidate) => existsSync(join(candidate, SERVER_SCRIPT)))
}
