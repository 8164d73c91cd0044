import { accessSync, constants, existsSync, statSync } from 'node:fs'
import { dirname, extname, join, relative, resolve } from 'node:path'
import type ts from 'typescript'
import { displayPath } from './display-path.js'
import { filesUnder } from './files-under.js'
import { findUp } from './find-up.js'
import { isWithin } from './is-within.js'
import { LibraryFiles } from './library-files.js'
import type { TypeScript } from './load-typescript.js'
import { pathsWithoutSources, projectWithoutSources } from './nothing-to-check.js'
import { isRuntimeProfileCondition } from './runtime-profile-conditions.js'
import { unreadablePathError } from './unreadable-path.js'
import { UsageError } from './usage-error.js'

/** The plugin's program and the files of it that the checker reports on. */
export interface PluginProgram {
  /** The program the rules resolve uses in: the plugin's, without the package's runtime-profile conditions. */
  readonly program: ts.Program
  /**
   * The program as the plugin's own `tsc` builds it, for the compiler's diagnostics: `program` itself unless
   * the tsconfig turns a runtime profile on.
   */
  readonly typeProgram: ts.Program
  /**
   * The files to check: the plugin's own files of the program (the project's, and any file of the plugin they
   * import from outside its `include` or `files`), within the given paths if any.
   */
  readonly files: readonly ts.SourceFile[]
  /**
   * The plugin's own declaration files within the given paths when the tsconfig checks them (`skipLibCheck`
   * off), as its `tsc` does: only their compiler errors are reported.
   */
  readonly declarations: readonly ts.SourceFile[]
}

/**
 * Parsed source files kept across programs in one process, keyed by compiler version, file, format and
 * modification time (and, before TypeScript 5.3, compiler options), so that repeated checks (tests, watch
 * tools) and the programs of one run parse the standard library and dependencies once.
 */
export type SourceFileCache = Map<string, ts.SourceFile>

const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'])

/** Compiler options for plain paths given without a tsconfig: what a plugin template uses. */
function defaultOptions(typescript: TypeScript): ts.CompilerOptions {
  return {
    target: typescript.ScriptTarget.ES2022,
    module: typescript.ModuleKind.NodeNext,
    moduleResolution: typescript.ModuleResolutionKind.NodeNext,
    strict: true,
    allowJs: true,
    skipLibCheck: true,
    noEmit: true,
  }
}

/**
 * Every source file at or under `path`, skipping `node_modules`, hidden folders and declaration files.
 *
 * @throws {@link UsageError} when a directory under `path` cannot be read.
 */
function sourceFilesUnder(path: string, into: string[], cwd: string): void {
  if (statSync(path).isFile()) {
    into.push(path)
    return
  }
  try {
    filesUnder(path, (name) => SOURCE_EXTENSIONS.has(extname(name)) && !/\.d\.[cm]?ts$/.test(name), into)
  } catch (error) {
    const { path: unread } = error as NodeJS.ErrnoException
    throw (unread === undefined ? undefined : unreadablePathError(cwd, unread, error)) ?? error
  }
}

function formatDiagnostics(
  typescript: TypeScript,
  diagnostics: readonly ts.Diagnostic[],
  cwd: string,
): string {
  return typescript.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => cwd,
    getNewLine: () => '\n',
  })
}

/**
 * The tsconfig as the plugin's `tsc` reads it.
 *
 * @throws {@link UsageError} naming each error's file, line and column when the compiler refuses the tsconfig
 * or a tsconfig it extends, a syntax error included: the compiler parses what it can of a file that is not
 * JSON and keeps its syntax errors apart from `errors` (`tsc` reports them first), so a broken tsconfig
 * would otherwise be built from what was left of it and pass.
 */
function parseTsconfig(typescript: TypeScript, tsconfig: string, cwd: string): ts.ParsedCommandLine {
  const shown = displayPath(cwd, tsconfig)
  const parsed = typescript.getParsedCommandLineOfConfigFile(
    tsconfig,
    { noEmit: true },
    {
      ...typescript.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new UsageError(`Cannot read ${shown}:\n${formatDiagnostics(typescript, [d], cwd)}`)
      },
    },
  )
  if (parsed === undefined) throw new UsageError(`Cannot read ${shown}.`)
  // 18003: no inputs found, which the caller reports as nothing to check.
  const errors = typescript
    .getConfigFileParsingDiagnostics(parsed)
    .filter((d) => d.category === typescript.DiagnosticCategory.Error && d.code !== 18003)
  if (errors.length > 0) {
    throw new UsageError(
      `${shown} has errors:\n${formatDiagnostics(typescript, errors, cwd)}` +
        `Fix them as the compiler says (tsc -p ${shown} reports the same).`,
    )
  }
  return parsed
}

/**
 * `host`, refusing a file that exists but cannot be read: the compiler's own host takes it for a missing file
 * ("File not found", or an import that does not resolve), which hides what is wrong.
 */
function refusingUnreadable(host: ts.CompilerHost, cwd: string): ts.CompilerHost {
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
    const file = getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate)
    if (file === undefined) refuseIfUnreadable(fileName, cwd)
    return file
  }
  return host
}

/** @throws {@link UsageError} when `fileName` exists but cannot be read (a missing file is the compiler's to report). */
function refuseIfUnreadable(fileName: string, cwd: string): void {
  try {
    accessSync(fileName, constants.R_OK)
  } catch (error) {
    const unreadable = unreadablePathError(cwd, fileName, error)
    if (unreadable !== undefined) throw unreadable
  }
}

/**
 * Which programs may share a file parsed for a program built with `options`: any on TypeScript 5.3 and later
 * (`''`), where the resolutions of a file's imports are the program's; before 5.3 only those built with the
 * same options, because the program stores them on the parsed file itself. Shared there, the file would take
 * the resolutions of the last program built: under a runtime profile the profiled program's, so that
 * `'@tech-vendor/api'` resolved, for the checker's program, to declarations it does not have.
 */
function sharingScope(typescript: TypeScript, options: ts.CompilerOptions): string {
  const [major = 0, minor = 0] = typescript.versionMajorMinor.split('.').map(Number)
  if (major > 5 || (major === 5 && minor >= 3)) return ''
  return JSON.stringify(
    Object.keys(options)
      .sort()
      .map((key) => [key, options[key]]),
  )
}

/** `host`, taking parsed files from `cache` and putting new ones in it, for a program built with `options`. */
function cachingHost(
  typescript: TypeScript,
  host: ts.CompilerHost,
  options: ts.CompilerOptions,
  cache: SourceFileCache | undefined,
): ts.CompilerHost {
  if (cache === undefined) return host
  const scope = sharingScope(typescript, options)
  const parse = host.getSourceFile.bind(host)
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
    const format =
      typeof languageVersionOrOptions === 'object'
        ? languageVersionOrOptions
        : { languageVersion: languageVersionOrOptions }
    let mtime: number
    try {
      mtime = statSync(fileName).mtimeMs
    } catch {
      return parse(fileName, languageVersionOrOptions, onError, shouldCreate)
    }
    const key = `${typescript.version}\0${scope}\0${fileName}\0${format.languageVersion}\0${format.impliedNodeFormat ?? ''}\0${mtime}`
    let file = cache.get(key)
    if (file === undefined) {
      file = parse(fileName, languageVersionOrOptions, onError, shouldCreate)
      if (file !== undefined) cache.set(key, file)
    }
    return file
  }
  return host
}

/** What {@link createPluginProgram} needs. */
export interface PluginProgramOptions {
  readonly typescript: TypeScript
  /** The working directory, against which paths are resolved. */
  readonly cwd: string
  /** The tsconfig to build from, as {@link locateTsconfig} found it; `undefined` to use the paths alone. */
  readonly tsconfig: string | undefined
  /** The paths given on the command line: files or directories, built with the tsconfig's options. */
  readonly paths: readonly string[]
  /**
   * The paths the files to check are taken from (files or directories; empty for every file). Default:
   * `paths`. A run over several programs gives every path of the run, so that a file outside this
   * program's paths that it imports (a file shared by packages) is checked in it too.
   */
  readonly within?: readonly string[] | undefined
  readonly cache?: SourceFileCache | undefined
}

/**
 * Builds the plugin's program the way its own `tsc` would: from the tsconfig, else from the given paths
 * alone with the plugin-template options.
 *
 * @throws {@link UsageError} when the tsconfig has errors, or there is nothing to check.
 */
export function createPluginProgram(options: PluginProgramOptions): PluginProgram {
  const { typescript, cwd, tsconfig } = options
  const paths = options.paths.map((p) => resolve(cwd, p))

  let rootNames: string[]
  let compilerOptions: ts.CompilerOptions
  let projectReferences: readonly ts.ProjectReference[] | undefined
  if (tsconfig === undefined) {
    compilerOptions = defaultOptions(typescript)
    rootNames = []
    for (const path of paths) sourceFilesUnder(path, rootNames, cwd)
  } else {
    const parsed = parseTsconfig(typescript, tsconfig, cwd)
    compilerOptions = parsed.options
    projectReferences = parsed.projectReferences
    rootNames = [...parsed.fileNames]
    // Given paths outside the project's include list are checked too, with the project's options.
    const extra: string[] = []
    for (const path of paths) sourceFilesUnder(path, extra, cwd)
    const known = new Set(rootNames.map((f) => resolve(f)))
    for (const file of extra) if (!known.has(file)) rootNames.push(file)
  }
  if (rootNames.length === 0) {
    if (paths.length > 0) throw pathsWithoutSources(cwd, paths)
    if (tsconfig !== undefined) throw projectWithoutSources(cwd, tsconfig)
    throw new UsageError(
      'Nothing to check: give the plugin source files or directories, or run where a tsconfig.json is.',
    )
  }

  const ignoredConditions = (compilerOptions.customConditions ?? []).filter(isRuntimeProfileCondition)
  const build = (programOptions: ts.CompilerOptions): ts.Program =>
    typescript.createProgram({
      rootNames,
      options: programOptions,
      // No parent pointers from the parser: the binder sets them on every file of a program it checks.
      host: cachingHost(
        typescript,
        refusingUnreadable(typescript.createCompilerHost(programOptions), cwd),
        programOptions,
        options.cache,
      ),
      ...(projectReferences === undefined ? {} : { projectReferences }),
    })
  const program = build(
    ignoredConditions.length > 0 ? withoutRuntimeProfile(compilerOptions) : compilerOptions,
  )
  const typeProgram = ignoredConditions.length > 0 ? build(compilerOptions) : program
  // What tsc refuses before it reads a file (options that contradict each other, a missing `types` entry).
  const projectErrors = [
    ...typeProgram.getOptionsDiagnostics(),
    ...typeProgram.getGlobalDiagnostics(),
  ].filter((d) => d.category === typescript.DiagnosticCategory.Error)
  if (projectErrors.length > 0) {
    throw new UsageError(
      `${tsconfig === undefined ? 'The compiler options have' : `${relative(cwd, tsconfig)} has`} errors:\n${formatDiagnostics(typescript, projectErrors, cwd)}`,
    )
  }
  const within = options.within?.map((p) => resolve(cwd, p)) ?? paths
  const inPaths = (file: string): boolean => within.length === 0 || within.some((p) => isWithin(file, p))
  const library = new LibraryFiles()
  const own = program
    .getSourceFiles()
    .filter(
      (sf) =>
        !program.isSourceFileFromExternalLibrary(sf) &&
        !library.has(sf.fileName) &&
        !sf.fileName.split('/').includes('node_modules') &&
        !program.isSourceFileDefaultLibrary(sf) &&
        inPaths(resolve(sf.fileName)),
    )
  const files = own.filter((sf) => !sf.isDeclarationFile)
  const declarations = compilerOptions.skipLibCheck === true ? [] : own.filter((sf) => sf.isDeclarationFile)
  return { program, typeProgram, files, declarations }
}

/**
 * `options` without the package's runtime-profile conditions, every other custom condition kept. Under a
 * profile the members the runtime lacks do not exist for the type checker, so a call to one resolves to
 * nothing; the checker resolves calls against the declared surface instead, where every such member exists,
 * and decides from the member table what the runtime has.
 */
function withoutRuntimeProfile(options: ts.CompilerOptions): ts.CompilerOptions {
  const kept = (options.customConditions ?? []).filter((c) => !isRuntimeProfileCondition(c))
  const rest = { ...options }
  delete rest.customConditions
  return kept.length > 0 ? { ...rest, customConditions: kept } : rest
}

/**
 * The tsconfigs a solution-style tsconfig references (`"files": []`, no `include`, and `references`, as Vite
 * writes it), or none for a tsconfig that builds files itself.
 */
export function solutionReferences(typescript: TypeScript, tsconfig: string): string[] {
  const read: { config?: unknown; error?: ts.Diagnostic } = typescript.readConfigFile(tsconfig, (path) =>
    typescript.sys.readFile(path),
  )
  // Not JSON: built as a project, whose parse reports the syntax errors.
  if (read.error !== undefined) return []
  const json = (read.config ?? {}) as { files?: unknown; include?: unknown; references?: unknown }
  if (!Array.isArray(json.files) || json.files.length > 0 || json.include !== undefined) return []
  if (!Array.isArray(json.references)) return []
  return json.references.flatMap((reference: unknown) => {
    const path = (reference as { path?: unknown } | null)?.path
    if (typeof path !== 'string') return []
    return [tsconfigFile(resolve(dirname(tsconfig), path))]
  })
}

/** A tsconfig named by a path: the file itself, or `tsconfig.json` in it when it is a directory. */
function tsconfigFile(path: string): string {
  return existsSync(path) && statSync(path).isDirectory() ? join(path, 'tsconfig.json') : path
}

/** The paths of one check that share a tsconfig (or that have none), and so one program. */
export interface ProjectPaths {
  readonly tsconfig: string | undefined
  /** Absolute; empty for the whole project. */
  readonly paths: readonly string[]
}

/**
 * The tsconfigs a check uses, with the paths each covers: `--project` (a file, or a directory holding
 * `tsconfig.json`) for every path; else each path's nearest `tsconfig.json` at or above it (so that two
 * packages of a monorepo are each built with their own), or none; with no path, the working directory's.
 * Sorted by tsconfig, so that the order of the paths changes nothing.
 *
 * @throws {@link UsageError} when a path or the `--project` tsconfig does not exist.
 */
export function locateTsconfigs(
  project: string | undefined,
  givenPaths: readonly string[],
  cwd: string,
): ProjectPaths[] {
  const paths = [...new Set(givenPaths.map((p) => resolve(cwd, p)))].sort()
  for (const path of paths) {
    if (!existsSync(path))
      throw new UsageError(
        `${relative(cwd, path) || path} does not exist. Give files or directories of the plugin's sources.`,
      )
  }
  if (project !== undefined) {
    const path = resolve(cwd, project)
    const file = tsconfigFile(path)
    if (!existsSync(file))
      throw new UsageError(
        `--project ${project}: ${file} does not exist. Give a tsconfig file or a directory holding tsconfig.json.`,
      )
    return [{ tsconfig: file, paths }]
  }
  if (paths.length === 0) return [{ tsconfig: findUp(cwd, 'tsconfig.json'), paths }]
  const groups = new Map<string | undefined, string[]>()
  for (const path of paths) {
    const tsconfig = findUp(statSync(path).isDirectory() ? path : dirname(path), 'tsconfig.json')
    groups.set(tsconfig, [...(groups.get(tsconfig) ?? []), path])
  }
  return [...groups]
    .map(([tsconfig, grouped]) => ({ tsconfig, paths: grouped }))
    .sort((a, b) => ((a.tsconfig ?? '') < (b.tsconfig ?? '') ? -1 : 1))
}
