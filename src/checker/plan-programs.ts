import { dirname, resolve } from 'node:path'
import type ts from 'typescript'
import type { PluginCheck } from './check-plugin.js'
import { displayPath } from './display-path.js'
import { isWithin } from './is-within.js'
import { loadTypeScript, type TypeScript } from './load-typescript.js'
import { NearestTsconfigs } from './nearest-tsconfigs.js'
import { pathsWithoutSources, projectWithoutSources } from './nothing-to-check.js'
import type { PluginManifests } from './plugin-manifests.js'
import {
  createPluginProgram,
  locateTsconfigs,
  solutionReferences,
  type PluginProgram,
  type ProjectPaths,
  type SourceFileCache,
} from './plugin-program.js'
import { UsageError } from './usage-error.js'

/** What {@link planPrograms} needs. */
export interface PlanProgramsOptions {
  /** `--project`: one tsconfig for every path, instead of each file's nearest. */
  readonly project: string | undefined
  /** The paths given on the command line, as given. */
  readonly paths: readonly string[]
  /** Paths are resolved against it and reported relative to it. */
  readonly cwd: string
  readonly cache: SourceFileCache
  /** For the message when no manifest covers a file. */
  readonly manifests: PluginManifests
}

/** One program of the run, with the files of it to report on. */
export interface PlannedProgram {
  readonly typescript: TypeScript
  readonly plugin: PluginProgram
  /** The files whose own tsconfig this program's is. */
  readonly files: readonly ts.SourceFile[]
  /** The plugin's declaration files among them, for their compiler errors only. */
  readonly declarations: readonly ts.SourceFile[]
}

/**
 * Builds the programs of one `check` run, each file with its own nearest tsconfig (or the `--project` one),
 * and hands each program to `check`: nested projects get programs of their own, a solution-style tsconfig is
 * checked through the projects it references, and a file under no tsconfig goes with any program that has it.
 *
 * @returns The names of the files checked.
 * @throws {@link UsageError} when a path does not exist, once for the whole run when no program's manifest
 * covers some files, or when a path (with none, the project) holds no source file.
 */
export function planPrograms(
  options: PlanProgramsOptions,
  check: (program: PlannedProgram) => Pick<PluginCheck, 'checked' | 'orphans'>,
): ReadonlySet<string> {
  const { project, cwd, cache } = options
  const checkedFiles = new Set<string>()
  /** The checked files that are not declaration files. */
  const sources = new Set<string>()
  const orphans = new Map<string, ts.SourceFile>()
  const givenPaths = options.paths.map((p) => resolve(cwd, p))
  const homes = new NearestTsconfigs()
  const queue: Planned[] = locateTsconfigs(project, options.paths, cwd)
  const located = queue.length
  const built = new Set(queue.map((g) => g.tsconfig))
  /** The solution-style tsconfig that referenced each project checked in its place. */
  const solutionOf = new Map<string, string>()
  /** Files a program met whose own nearest tsconfig has a program of the run: checked there, else at the end. */
  const handedOver = new Map<string, Set<string>>()
  for (let i = 0; i < queue.length || takeUnchecked(); i++) {
    const { tsconfig, paths, within: only } = queue[i] as Planned
    const typescript = loadTypeScript(tsconfig !== undefined ? dirname(tsconfig) : (paths[0] ?? cwd))
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
    const plugin = createPluginProgram({ typescript, cwd, tsconfig, paths, within, cache })
    // Each file with its own nearest tsconfig (unless --project names one for all): a file under a nested
    // project is handed to that project's program. A file under no tsconfig goes with any program that has it,
    // and one under a solution with the projects the solution references.
    const homeOf = (file: ts.SourceFile): string | undefined => {
      const home = project === undefined ? (homes.of(file.fileName) ?? tsconfig) : tsconfig
      return home !== undefined && home === solutionOf.get(tsconfig ?? '') ? tsconfig : home
    }
    const own = plugin.files.filter((f) => homeOf(f) === tsconfig)
    const declarations = plugin.declarations.filter((f) => homeOf(f) === tsconfig)
    const others = new Map<string, Set<string>>()
    for (const file of plugin.files) {
      const home = homeOf(file)
      if (home === undefined || home === tsconfig || solutionOf.has(home)) continue
      handOver(built.has(home) ? handedOver : others, home, file.fileName)
    }
    for (const [home, files] of others) {
      built.add(home)
      queue.push({ tsconfig: home, paths: [...files] })
    }
    const checked = check({ typescript, plugin, files: own, declarations })
    for (const file of [...checked.checked, ...declarations]) checkedFiles.add(file.fileName)
    for (const file of checked.checked) sources.add(resolve(file.fileName))
    for (const file of checked.orphans) orphans.set(file.fileName, file)
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
    const shown = uncovered.slice(0, 5).map((f) => displayPath(cwd, f.fileName))
    const them = uncovered.length === 1 ? 'it' : 'them'
    throw new UsageError(
      `No plugin manifest covers ${shown.join(', ')}${uncovered.length > shown.length ? ` and ${uncovered.length - shown.length} more` : ''}: ` +
        `no package.json at or above ${them} has a vendorPlugin field, and no file of a plugin imports ${them}. ` +
        options.manifests.missing(orphan.fileName),
    )
  }
  refuseNothingChecked(cwd, givenPaths, queue[0]?.tsconfig, sources)
  return checkedFiles
}

/**
 * Refuses a run that checked no source file under one of the given paths, or, with no path, none at all (a
 * project of declaration files only): it would pass without having looked at the plugin.
 */
function refuseNothingChecked(
  cwd: string,
  givenPaths: readonly string[],
  tsconfig: string | undefined,
  sources: ReadonlySet<string>,
): void {
  const checked = [...sources]
  const empty = givenPaths.filter((path) => !checked.some((file) => isWithin(file, path)))
  if (empty.length > 0) throw pathsWithoutSources(cwd, empty)
  if (givenPaths.length === 0 && sources.size === 0 && tsconfig !== undefined)
    throw projectWithoutSources(cwd, tsconfig)
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
