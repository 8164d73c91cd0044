import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type ts from 'typescript'
import { memberSpecs } from '../runtime-contract/members.js'
import type { Linkage } from '../runtime-contract/runtime-description.js'
import { bundleFiles, checkBundles } from './check-bundle.js'
import { byPath } from './by-path.js'
import { checkPlugin } from './check-plugin.js'
import { displayPath } from './display-path.js'
import { compareFindings, findingKey, type Finding } from './finding.js'
import { formatJson } from './format-json.js'
import { formatSarif } from './format-sarif.js'
import { formatText } from './format-text.js'
import { helpText } from './help.js'
import { loadTypeScript } from './load-typescript.js'
import { PluginManifests } from './plugin-manifests.js'
import { NearestTsconfigs } from './nearest-tsconfigs.js'
import {
  createPluginProgram,
  locateTsconfigs,
  solutionReferences,
  type ProjectPaths,
  type SourceFileCache,
} from './plugin-program.js'
import { TARGET_RUNTIME, type LocatedManifest } from './plugin-target.js'
import { FORMATS, type Format, type Report } from './report.js'
import { toolVersion } from './tool-version.js'
import { UsageError } from './usage-error.js'

/** Where `vendor-api` writes and what it runs in. */
export interface CliIo {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
  /** The working directory: paths are resolved against it and reported relative to it. */
  readonly cwd: string
}

/** State that may outlive one run in the same process. */
export interface CliContext {
  /** Parsed source files to reuse across runs (tests, watch tools). */
  readonly sourceFileCache?: SourceFileCache
}

/** The exit codes of `vendor-api`. */
export const ExitCode = Object.freeze({ clean: 0, findings: 1, usage: 2 })

const LINKAGES: readonly Linkage[] = ['dynamic', 'static']

/** The commands of `vendor-api`, for messages (`serve` is dispatched by the bin, before {@link main}). */
const COMMANDS = "'check', 'check-bundle' or 'serve'"

/**
 * Runs `vendor-api` with `argv` (the arguments after the program name).
 *
 * @returns The exit code: 0 no errors (warnings allowed), 1 errors found, 2 usage error.
 */
export function main(argv: readonly string[], io: CliIo, context: CliContext = {}): number {
  const version = toolVersion()
  try {
    const [command, ...rest] = argv
    switch (command) {
      case 'check':
        return runCheck(rest, io, context, version)
      case 'check-bundle':
        return runCheckBundle(rest, io, version)
      case '-h':
      case '--help':
      case 'help':
        io.stdout(helpText(version))
        return ExitCode.clean
      case '-v':
      case '--version':
        io.stdout(`${version}\n`)
        return ExitCode.clean
      case undefined:
        throw new UsageError(`Give a command: ${COMMANDS}.`)
      default:
        throw new UsageError(`Unknown command '${command}': use ${COMMANDS}.`)
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`vendor-api: ${error.message}\nRun 'vendor-api --help' for usage.\n`)
      return ExitCode.usage
    }
    io.stderr(`vendor-api: internal error, please report it: ${(error as Error).stack ?? String(error)}\n`)
    return ExitCode.usage
  }
}

interface Parsed {
  readonly values: Readonly<Record<string, string | boolean | undefined>>
  readonly positionals: readonly string[]
}

function parse(
  args: readonly string[],
  options: Readonly<Record<string, { type: 'string'; short?: string }>>,
): Parsed {
  try {
    return parseArgs({
      args: [...args],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

function formatOption(value: unknown): Format {
  const format = (value ?? 'text') as Format
  if (!FORMATS.includes(format))
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, got '${String(value)}'.`)
  return format
}

function render(report: Report, format: Format): string {
  return format === 'json'
    ? formatJson(report)
    : format === 'sarif'
      ? formatSarif(report)
      : formatText(report)
}

function exitCodeOf(report: Report): number {
  return report.findings.some((f) => f.severity === 'error') ? ExitCode.findings : ExitCode.clean
}

function runCheck(args: readonly string[], io: CliIo, context: CliContext, version: string): number {
  const { values, positionals } = parse(args, {
    format: { type: 'string', short: 'f' },
    project: { type: 'string', short: 'p' },
    linkage: { type: 'string' },
  })
  if (values['help'] === true) {
    io.stdout(helpText(version))
    return ExitCode.clean
  }
  const format = formatOption(values['format'])
  const linkage = (values['linkage'] ?? 'dynamic') as Linkage
  if (!LINKAGES.includes(linkage))
    throw new UsageError(`--linkage must be 'dynamic' or 'static', got '${String(values['linkage'])}'.`)
  const project = typeof values['project'] === 'string' ? values['project'] : undefined

  const manifests = new PluginManifests(io.cwd, (warning) => io.stderr(`vendor-api: warning: ${warning}\n`))
  // One parse of the standard library and the dependencies for every program of the run.
  const cache: SourceFileCache = context.sourceFileCache ?? new Map<string, ts.SourceFile>()
  const findings = new Map<string, Finding>()
  const checkedFiles = new Set<string>()
  const orphans = new Map<string, ts.SourceFile>()
  const plugins = new Map<string, LocatedManifest>()
  const givenPaths = positionals.map((p) => resolve(io.cwd, p))
  const homes = new NearestTsconfigs()
  const queue: Planned[] = locateTsconfigs(project, positionals, io.cwd)
  const located = queue.length
  const built = new Set(queue.map((g) => g.tsconfig))
  /** The solution-style tsconfig that referenced each project checked in its place. */
  const solutionOf = new Map<string, string>()
  /** Files a program met whose own nearest tsconfig has a program of the run: checked there, else at the end. */
  const handedOver = new Map<string, Set<string>>()
  for (let i = 0; i < queue.length || takeUnchecked(); i++) {
    const { tsconfig, paths, within: only } = queue[i] as Planned
    const typescript = loadTypeScript(tsconfig !== undefined ? dirname(tsconfig) : (paths[0] ?? io.cwd))
    // A program made for files handed over checks those only; the others every file under any path of the run.
    const within = only ?? (i < located ? givenPaths : paths)
    // A solution-style tsconfig ("files": [] and references, the Vite layout) builds nothing itself: each
    // project it references is checked instead, as `tsc -b` builds them.
    const references = tsconfig === undefined ? [] : solutionReferences(typescript, tsconfig)
    if (tsconfig !== undefined && references.length > 0) {
      for (const reference of references.filter((r) => !built.has(r))) {
        built.add(reference)
        solutionOf.set(reference, tsconfig)
        // The project's own files, those under the paths reported: the paths are not added to its roots, so
        // that each file is built by the project that includes it.
        queue.push({ tsconfig: reference, paths: [], within: i < located ? givenPaths : paths })
      }
      continue
    }
    const plugin = createPluginProgram({ typescript, cwd: io.cwd, tsconfig, paths, within, cache })
    // Each file with its own nearest tsconfig (unless --project names one for all): a file under a nested
    // project is handed to that project's program. A file under no tsconfig goes with any program that has it,
    // and one under a solution with the projects the solution references.
    const homeOf = (file: ts.SourceFile): string | undefined => {
      const home = project === undefined ? (homes.of(file.fileName) ?? tsconfig) : tsconfig
      return home !== undefined && home === solutionOf.get(tsconfig ?? '') ? tsconfig : home
    }
    const own = plugin.files.filter((f) => homeOf(f) === tsconfig)
    const declarations = plugin.declarations.filter((f) => homeOf(f) === tsconfig)
    const others = new Map<string, string[]>()
    for (const file of plugin.files) {
      const home = homeOf(file)
      if (home === undefined || home === tsconfig || solutionOf.has(home)) continue
      if (built.has(home)) handOver(handedOver, home, file.fileName)
      else others.set(home, [...(others.get(home) ?? []), file.fileName])
    }
    for (const [home, files] of others) {
      built.add(home)
      queue.push({ tsconfig: home, paths: files })
    }
    const checked = checkPlugin({
      typescript,
      program: plugin.program,
      typeProgram: plugin.typeProgram,
      files: own,
      declarations,
      manifestOf: (fileName) => manifests.of(fileName),
      linkage,
      members: memberSpecs,
      cwd: io.cwd,
    })
    for (const file of [...checked.checked, ...declarations]) checkedFiles.add(file.fileName)
    for (const file of checked.orphans) orphans.set(file.fileName, file)
    for (const finding of checked.findings) findings.set(findingKey(finding), finding)
    for (const manifest of checked.manifests) plugins.set(manifest.path, manifest)
  }
  /** Queues a program for the files handed over to a project whose program did not check them. */
  function takeUnchecked(): boolean {
    for (const [home, files] of handedOver) {
      handedOver.delete(home)
      const unchecked = [...files].filter((f) => !checkedFiles.has(f) && !orphans.has(f))
      if (unchecked.length > 0) {
        queue.push({ tsconfig: home, paths: unchecked })
        return true
      }
    }
    return false
  }
  const uncovered = [...orphans.values()].filter((f) => !checkedFiles.has(f.fileName))
  const [orphan] = uncovered
  if (orphan !== undefined) {
    const shown = uncovered.slice(0, 5).map((f) => displayPath(io.cwd, f.fileName))
    const them = uncovered.length === 1 ? 'it' : 'them'
    throw new UsageError(
      `No plugin manifest covers ${shown.join(', ')}${uncovered.length > shown.length ? ` and ${uncovered.length - shown.length} more` : ''}: ` +
        `no package.json at or above ${them} has a vendorPlugin field, and no file of a plugin imports ${them}. ` +
        manifests.missing(orphan.fileName),
    )
  }
  const report: Report = {
    command: 'check',
    toolVersion: version,
    cwd: io.cwd,
    files: checkedFiles.size,
    target: {
      runtime: TARGET_RUNTIME,
      linkage,
      plugins: [...plugins.values()]
        .sort(byPath)
        .map(({ name, version: pluginVersion, apiVersion, path }) => ({
          name,
          version: pluginVersion,
          apiVersion,
          manifest: displayPath(io.cwd, path),
        })),
    },
    findings: [...findings.values()].sort(compareFindings),
  }
  io.stdout(render(report, format))
  return exitCodeOf(report)
}

/** A program to build: its tsconfig and paths, and the paths its reported files are taken from if not the run's. */
interface Planned extends ProjectPaths {
  readonly within?: readonly string[]
}

function handOver(handedOver: Map<string, Set<string>>, home: string, file: string): void {
  const files = handedOver.get(home) ?? new Set<string>()
  files.add(file)
  handedOver.set(home, files)
}

function runCheckBundle(args: readonly string[], io: CliIo, version: string): number {
  const { values, positionals } = parse(args, { format: { type: 'string', short: 'f' } })
  if (values['help'] === true) {
    io.stdout(helpText(version))
    return ExitCode.clean
  }
  const format = formatOption(values['format'])
  const files = bundleFiles(positionals, io.cwd)
  const report: Report = {
    command: 'check-bundle',
    toolVersion: version,
    cwd: io.cwd,
    files: files.length,
    findings: checkBundles(files, io.cwd),
  }
  io.stdout(render(report, format))
  return exitCodeOf(report)
}
