import { existsSync, readdirSync, realpathSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'

/**
 * Where the JVM and Groovy are: the `java` command and the Groovy jars to put on its class path.
 *
 * @internal
 */
export interface GroovyInstallation {
  readonly java: string
  readonly classPath: readonly string[]
}

/** What to install, said the same way wherever the engine is missing. */
export const INSTALL_HINT =
  "install a JDK 17 and Groovy (Debian/Ubuntu: apt-get install groovy; elsewhere set GROOVY_HOME to Groovy's folder) and set JAVA_HOME to the JDK, or put java and groovy on PATH"

/**
 * Finds Java and Groovy: `JAVA_HOME/bin/java` or `java` on `PATH`; Groovy's `lib` folder from `GROOVY_HOME`, or
 * from the `groovy` command on `PATH` (its real path, through Debian's alternatives, is `<home>/bin/groovy`).
 *
 * @param env - The environment to read (`process.env`).
 * @returns The installation, or a sentence saying what is missing.
 * @internal
 */
export function findGroovyInstallation(
  env: Readonly<Record<string, string | undefined>>,
): GroovyInstallation | { readonly missing: string } {
  const javaHome = env['JAVA_HOME']
  const java =
    javaHome !== undefined && javaHome !== '' && existsSync(join(javaHome, 'bin', 'java'))
      ? join(javaHome, 'bin', 'java')
      : onPath('java', env)
  if (java === undefined)
    return {
      missing: `no Java runtime was found (JAVA_HOME is ${javaHome === undefined ? 'unset' : `"${javaHome}", without bin/java`} and java is not on PATH)`,
    }
  const groovyHome = env['GROOVY_HOME']
  const homes =
    groovyHome !== undefined && groovyHome !== ''
      ? [groovyHome]
      : [onPath('groovy', env)].flatMap((command) =>
          command === undefined ? [] : [dirname(dirname(realpathSync(command)))],
        )
  for (const home of homes) {
    const lib = join(home, 'lib')
    const jars = existsSync(lib) ? readdirSync(lib).filter((name) => name.endsWith('.jar')) : []
    if (jars.some((name) => /^groovy(-all)?-\d[\w.-]*\.jar$/.test(name)))
      return { java, classPath: jars.sort().map((name) => join(lib, name)) }
  }
  return {
    missing:
      groovyHome !== undefined && groovyHome !== ''
        ? `GROOVY_HOME is "${groovyHome}", which has no lib/groovy-<version>.jar`
        : 'Groovy was not found (GROOVY_HOME is unset and groovy is not on PATH)',
  }
}

/** The first executable file of that name on PATH. */
function onPath(command: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
  for (const folder of (env['PATH'] ?? '').split(delimiter)) {
    if (folder === '') continue
    const candidate = join(folder, command)
    if (existsSync(candidate)) return candidate
  }
  return undefined
}
