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
import { planPrograms } from './plan-programs.js'
import { PluginManifests } from './plugin-manifests.js'
import type { SourceFileCache } from './plugin-program.js'
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

/** The commands of `vendor-api`, for messages (`serve`, `export` and `types` are dispatched by the bin, before {@link main}). */
const COMMANDS = "'check', 'check-bundle', 'serve', 'export' or 'types'"

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
  const plugins = new Map<string, LocatedManifest>()
  const checkedFiles = planPrograms(
    { project, paths: positionals, cwd: io.cwd, cache, manifests },
    ({ typescript, plugin, files, declarations }) => {
      const checked = checkPlugin({
        typescript,
        program: plugin.program,
        typeProgram: plugin.typeProgram,
        files,
        declarations,
        manifestOf: (fileName) => manifests.of(fileName),
        linkage,
        members: memberSpecs,
        cwd: io.cwd,
      })
      for (const finding of checked.findings) findings.set(findingKey(finding), finding)
      for (const manifest of checked.manifests) plugins.set(manifest.path, manifest)
      return checked
    },
  )
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
