import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, extname, join, relative, resolve } from 'node:path'
import { byPath } from './by-path.js'
import { displayPath } from './display-path.js'
import { filesUnder } from './files-under.js'
import type { Finding } from './finding.js'
import { LIBRARY_NAME, packageNameIn } from './library-files.js'
import {
  bundledLibraryMessage,
  findLibraryCode,
  isLibraryModulePath,
  LIBRARY_MODULE,
} from './rules/bundled-library.js'
import { UsageError } from './usage-error.js'

const BUILD_EXTENSIONS = new Set(['.js', '.mjs', '.cjs'])

/**
 * Whether a `node_modules` folder met in a build directory is build output, where a bundler that keeps modules
 * put the ones it took from dependencies (Rollup `preserveModules` writes `dist/node_modules/`), rather than a
 * package's installed dependencies (skipped). One that holds `@tech-vendor/api` without the package's own
 * `package.json` is build output, whatever sits beside it (a build folder often has a `package.json` of
 * `{ "type": "module" }`); otherwise one beside a `package.json` is taken for installed packages.
 */
function isBuildOutput(nodeModules: string): boolean {
  const library = join(nodeModules, ...LIBRARY_NAME.split('/'))
  if (existsSync(library)) return !isInstalledLibrary(library)
  return !existsSync(join(dirname(nodeModules), 'package.json'))
}

/** Whether `folder` holds the installed package: its `package.json`, named `@tech-vendor/api`. */
function isInstalledLibrary(folder: string): boolean {
  return packageNameIn(join(folder, 'package.json')) === LIBRARY_NAME
}

/** A build file to scan. */
export interface BuildFile {
  /** Absolute. */
  readonly path: string
  /**
   * Whether the walk of a build directory found it under `node_modules/@tech-vendor/api/`: a module of the
   * library itself, laid out by a bundler that keeps modules.
   */
  readonly libraryModule: boolean
}

/**
 * The build files at or under `paths`: files as given, directories walked for `.js`, `.mjs`, `.cjs`,
 * entering `node_modules` folders that are build output, not installed packages.
 *
 * @throws {@link UsageError} when no path is given, a path does not exist, or the paths hold no build file.
 */
export function bundleFiles(paths: readonly string[], cwd: string): BuildFile[] {
  if (paths.length === 0) {
    throw new UsageError(
      'check-bundle needs the plugin build files to scan, e.g. vendor-api check-bundle dist/plugin.js',
    )
  }
  const files = new Map<string, BuildFile>()
  for (const path of paths) {
    const absolute = resolve(cwd, path)
    let isDirectory: boolean
    try {
      isDirectory = statSync(absolute).isDirectory()
    } catch {
      throw new UsageError(`${path} does not exist or cannot be read. Give the plugin's build output files.`)
    }
    if (!isDirectory) {
      if (!files.has(absolute)) files.set(absolute, { path: absolute, libraryModule: false })
      continue
    }
    const found: string[] = []
    filesUnder(absolute, (name) => BUILD_EXTENSIONS.has(extname(name)), found, isBuildOutput)
    for (const file of found) {
      const libraryModule = isLibraryModulePath(relative(absolute, file))
      files.set(file, { path: file, libraryModule: libraryModule || files.get(file)?.libraryModule === true })
    }
  }
  if (files.size === 0) {
    throw new UsageError(
      `Nothing to check: ${paths.join(', ')} holds no .js, .mjs or .cjs file. Give the plugin's build output (run the build first).`,
    )
  }
  return [...files.values()].sort(byPath)
}

/**
 * Scans plugin build files for the library's own code. The library is compile-only: the platform supplies
 * it when it loads the plugin, so a build must import `@tech-vendor/api`, not carry a copy of it.
 *
 * @returns One `bundled-library` finding per file that carries it, at the first place found.
 * @throws {@link UsageError} when a file cannot be read.
 */
export function checkBundles(files: readonly BuildFile[], cwd: string): Finding[] {
  const findings: Finding[] = []
  for (const { path: file, libraryModule } of files) {
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch (error) {
      throw new UsageError(`Cannot read ${relative(cwd, file)}: ${(error as Error).message}`)
    }
    const path = displayPath(cwd, file)
    const found = libraryModule ? LIBRARY_MODULE : findLibraryCode(text)
    if (found === undefined) continue
    const before = text.slice(0, found.index)
    findings.push({
      file: path,
      line: before.split('\n').length,
      column: found.index - before.lastIndexOf('\n'),
      rule: 'bundled-library',
      ...bundledLibraryMessage(path, found.evidence),
    })
  }
  return findings
}
