import { readFileSync, statSync } from 'node:fs'
import { extname, relative, resolve, sep } from 'node:path'
import { filesUnder } from './files-under.js'
import type { Finding } from './finding.js'
import { UsageError } from './usage-error.js'

/**
 * What the library's own code carries and a plugin's code does not: the `Symbol.for` keys under which the
 * package keeps its process-wide state and brands (`@tech-vendor/api/runtime-contract@1`,
 * `@tech-vendor/api.error-lineage`, `@tech-vendor/api/v1.VendorRpcService`, ...). Every facade reaches the
 * runtime slot, so any bundled facade brings the first one. They are string literals, which bundlers and
 * minifiers keep as they are; an import of the package (`"@tech-vendor/api"`, `"@tech-vendor/api/v1"`) never
 * matches.
 */
export const LIBRARY_CODE_MARKER = /@tech-vendor\/api(?:\/runtime-contract@|(?:\/[\w-]+)?\.(?!json\b)[\w-])/

const BUILD_EXTENSIONS = new Set(['.js', '.mjs', '.cjs'])

/** The build files at or under `paths`: files as given, directories walked for `.js`, `.mjs`, `.cjs`. */
export function bundleFiles(paths: readonly string[], cwd: string): string[] {
  if (paths.length === 0) {
    throw new UsageError(
      'check-bundle needs the plugin build files to scan, e.g. vendor-api check-bundle dist/plugin.js',
    )
  }
  const files: string[] = []
  for (const path of paths) {
    const absolute = resolve(cwd, path)
    let isDirectory: boolean
    try {
      isDirectory = statSync(absolute).isDirectory()
    } catch {
      throw new UsageError(`${path} does not exist or cannot be read. Give the plugin's build output files.`)
    }
    if (isDirectory) filesUnder(absolute, (name) => BUILD_EXTENSIONS.has(extname(name)), files)
    else files.push(absolute)
  }
  return files
}

/**
 * Scans plugin build files for the library's own code. The library is compile-only: the platform supplies
 * it when it loads the plugin, so a build must import `@tech-vendor/api`, not carry a copy of it.
 *
 * @returns One `bundled-library` finding per file that carries it, at the first marker.
 * @throws {@link UsageError} when a file cannot be read.
 */
export function checkBundles(files: readonly string[], cwd: string): Finding[] {
  const findings: Finding[] = []
  for (const file of files) {
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch (error) {
      throw new UsageError(`Cannot read ${relative(cwd, file)}: ${(error as Error).message}`)
    }
    const match = LIBRARY_CODE_MARKER.exec(text)
    if (match === null) continue
    const before = text.slice(0, match.index)
    const line = before.split('\n').length
    const column = match.index - before.lastIndexOf('\n')
    const path = relative(cwd, file).split(sep).join('/')
    findings.push({
      file: path,
      line,
      column,
      rule: 'bundled-library',
      severity: 'error',
      message:
        `${path} contains the code of @tech-vendor/api (found '${match[0]}…', a key only the library's own code registers): ` +
        'the build bundled the library instead of importing it. The platform supplies the library when it loads the plugin.',
      hint: "Mark '@tech-vendor/api' (and its subpaths) as external in the bundler: esbuild --external:@tech-vendor/api, tsup external, Rollup external, webpack externals.",
    })
  }
  return findings
}
