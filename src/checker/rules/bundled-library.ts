import { sep } from 'node:path'
import { LIBRARY_NAME } from '../library-files.js'
import { defineRule, type Rule, type RuleMessage } from '../rule.js'
import { stringLiterals, type StringLiteral } from '../string-literals.js'

/**
 * `bundled-library`: a plugin build that carries the library's code. The library is compile-only: the
 * platform supplies it when it loads the plugin, so a build must import `@tech-vendor/api`, not copy it (a
 * copied `VendorPlatformComponent` is not the platform's, so the platform does not take the plugin's
 * components for its own).
 */
export const bundledLibrary = defineRule<Rule<'bundled-library'>>({
  id: 'bundled-library',
  severity: 'error',
  summary: "A plugin build that carries the library's own code instead of importing '@tech-vendor/api'.",
  detection:
    "vendor-api check-bundle: a build file holding a Symbol.for key the library registers, or the exact shape of one of the library's classes or constants that register none, or a module of the library itself (a file under node_modules/@tech-vendor/api/ in the build output, or a relative import of one).",
  fix: "Mark '@tech-vendor/api' (and its subpaths) as external in the bundler: esbuild --external:@tech-vendor/api, tsup external, Rollup external, webpack externals.",
})

/**
 * The `Symbol.for` keys under which the library keeps its process-wide state and brands, each the whole value
 * of a string literal (`"@tech-vendor/api.error-lineage"`). Bundlers and minifiers keep them as they are, and
 * every facade reaches the slot. A plugin's own string that merely mentions the package (an import, a link to
 * its README, a message quoting a key) is not one of them.
 */
export const LIBRARY_KEY =
  /^@tech-vendor\/api(?:\/runtime-contract@\d+|\.error-lineage|\/v1\.(?:VendorRpcService|controller-routes|VendorDynamicController)|\/testing\.(?:domain|context-storage@\d+))$/

/**
 * A relative import of a module of the library's own files, as a bundler that keeps modules writes it
 * (`'../node_modules/@tech-vendor/api/dist/chunk-X.js'`): the build carries a copy beside it.
 */
const LIBRARY_MODULE_IMPORT = /^\.\.?\/(?:\S*\/)?node_modules\/@tech-vendor\/api\/\S*\.[cm]?js$/

/** The slot key as a template whose version is a substitution: `` `@tech-vendor/api/runtime-contract@${...}` ``. */
const SLOT_KEY_HEAD = '@tech-vendor/api/runtime-contract@'

/**
 * Whitespace and comments between two tokens. A block comment ends at its first `*\/`: one that could run on
 * past it would let the gap split a run of comments (webpack's `/******\/` lines) in exponentially many ways.
 */
const GAP = String.raw`(?:\s|\/\*(?:[^*]|\*(?!\/))*\*\/|\/\/[^\n]*\n)*`
const ID = String.raw`[\w$]+`
const QUOTE = `["'\`]`

/** A regular expression for a run of tokens (regex fragments) with any gap between them. */
function tokens(...parts: readonly string[]): RegExp {
  return new RegExp(parts.join(GAP))
}

/** A string-valued constant's entry `KEY: "KEY"`, the key quoted or not. */
function constant(key: string): string {
  return `${QUOTE}?${key}${QUOTE}?${GAP}:${GAP}${QUOTE}${key}${QUOTE}`
}

/**
 * A frozen object of string constants holding exactly `keys`, in order: `Object.freeze({ KEY: "KEY", ... })`.
 * The entries alone are as likely a plugin's own (a list of the same names); the library freezes its constants.
 */
function frozenConstants(...keys: readonly string[]): RegExp {
  return tokens(
    String.raw`Object\.freeze`,
    String.raw`\(`,
    String.raw`\{`,
    ...keys.flatMap((k, i) => (i === 0 ? [constant(k)] : [',', constant(k)])),
    ',?',
    String.raw`\}`,
    String.raw`\)`,
  )
}

/** An empty method `name(a, b) {}` with `arity` parameters. */
function emptyMethod(name: string, arity: number): string {
  const parameters = Array.from({ length: arity }, () => ID).join(`${GAP},${GAP}`)
  return [
    name,
    String.raw`\(`,
    ...(arity > 0 ? [parameters] : []),
    String.raw`\)`,
    String.raw`\{`,
    String.raw`\}`,
  ].join(GAP)
}

/**
 * The call esbuild's `--keep-names` adds to give a class its name back, `ID(target, "Name")`: in a static block
 * (`target` is `this`) or, lowered below ES2022, after the class.
 */
function keptName(target: string): string {
  return tokens(ID, String.raw`\(`, target, ',', `${QUOTE}${ID}${QUOTE}`, String.raw`\)`).source
}

/**
 * A class with no `extends` (the library's own, not a plugin's subclass): `class Name? { ... }`, with the
 * static block of `--keep-names` if any.
 */
function baseClass(...body: readonly string[]): RegExp {
  const named = `(?:${tokens('static', String.raw`\{`, keptName('this'), ';?', String.raw`\}`).source})?`
  return tokens('class', `(?:${ID}${GAP})?\\{`, named, ...body, String.raw`\}`)
}

/**
 * The library's exports whose code registers no key, by the shape their code keeps through bundling and
 * minification (member names, arities and string values survive; local names do not). A build that inlined
 * only one of them (a `VendorWebSocketComponent` subclass, say) carries nothing else of the library.
 */
const LIBRARY_SHAPES: readonly { readonly name: string; readonly shape: RegExp }[] = [
  {
    name: 'VendorWebSocketComponent',
    shape: baseClass(emptyMethod('onOpen', 1), emptyMethod('onClose', 3), emptyMethod('onError', 2)),
  },
  { name: 'VendorPlatformComponent', shape: baseClass(emptyMethod('onLoad', 0), emptyMethod('offLoad', 0)) },
  { name: 'DynamicDomainEntity', shape: baseClass('static', 'domainName', ';?') },
  {
    // Lowered below ES2022, the empty class is followed by a helper that defines the static field:
    // `var Entity = class {}; __publicField(Entity, "domainName")`, or `(e = class {}, i(e, "domainName"), e)`
    // minified (a plugin's subclass passes a value too); `--keep-names` puts its naming call between.
    name: 'DynamicDomainEntity',
    shape: tokens(
      `(?:(${ID})${GAP}=${GAP}class(?:${GAP}${ID})?|class${GAP}(${ID}))`,
      String.raw`\{`,
      String.raw`\}`,
      '[;,]?',
      `(?:${keptName(String.raw`(?:\1|\2)`)}${GAP}[;,]?)?`,
      ID,
      String.raw`\(`,
      String.raw`(?:\1|\2)`,
      ',',
      `${QUOTE}domainName${QUOTE}`,
      String.raw`\)`,
    ),
  },
  {
    name: 'MessageSeverity',
    shape: frozenConstants('INFO', 'WARNING', 'ERROR', 'IMPORTANT', 'INTERNAL', 'ACTION_REQUIRED'),
  },
  { name: 'DomainObjectRenderType', shape: frozenConstants('ONLY_LABEL_FIELD', 'ALL_COLUMNS') },
  {
    // The fields a Notification copies from its init, and the loop of its constructor that copies them
    // (`for (const key of FIELDS) { const value = init[key]; if (value !== undefined) this[key] = value }`):
    // the list alone is a plugin's own as often as not.
    name: 'Notification',
    shape: new RegExp(
      tokens(
        `(${ID})`,
        '=',
        String.raw`\[`,
        ...['title', 'content', 'severity', 'toUserName', 'toUser', 'link'].flatMap((f, i) =>
          i === 0 ? [`${QUOTE}${f}${QUOTE}`] : [',', `${QUOTE}${f}${QUOTE}`],
        ),
        String.raw`\]`,
      ).source +
        String.raw`[\s\S]*?` +
        tokens('for', String.raw`\(`, '(?:const|let|var)', `(${ID})`, 'of', String.raw`\1`, String.raw`\)`)
          .source +
        // The loop's body up to `this[key] =`: no `}` ends it before.
        String.raw`[^}]*?` +
        tokens('this', String.raw`\[`, String.raw`\2`, String.raw`\]`, '=').source,
    ),
  },
]

/** Where a build file carries the library's code, and what gave it away. */
export interface LibraryCode {
  /** The offset in the file's text (0 for a module of the library itself). */
  readonly index: number
  /** What was found, for the message. */
  readonly evidence: string
}

/** What a string literal of the build gives away: a key of the library, or the library's code passed to `eval`. */
function fromString(text: string, literal: StringLiteral, depth: number): LibraryCode | undefined {
  const { start, quote, value, substituted } = literal
  if (substituted ? value === SLOT_KEY_HEAD : LIBRARY_KEY.test(value))
    return {
      index: start,
      evidence: `${quote}${value}${substituted ? '${' : quote}, a key only the library's own code registers`,
    }
  const before = text.slice(Math.max(0, start - 16), start)
  if (
    !substituted &&
    LIBRARY_MODULE_IMPORT.test(value) &&
    /(?:\bfrom|\bimport|\brequire\s*\()\s*$/.test(before)
  )
    return {
      index: start,
      evidence: `an import of ${quote}${value}${quote}, a module of the library copied into the build`,
    }
  // webpack's development builds (its default `eval` devtool) keep each module's code in a string.
  if (quote !== '`' && depth < MAX_EVAL_DEPTH && /\beval\s*\(\s*$/.test(before)) {
    const inner = findIn(value, depth + 1)
    if (inner !== undefined) return { index: start, evidence: `${inner.evidence}, in code passed to eval` }
  }
  return undefined
}

/** How deep `eval("...eval(...)...")` is followed. */
const MAX_EVAL_DEPTH = 2

function findIn(text: string, depth: number): LibraryCode | undefined {
  let found: LibraryCode | undefined
  for (const literal of stringLiterals(text)) {
    found = fromString(text, literal, depth)
    if (found !== undefined) break
  }
  for (const { name, shape } of LIBRARY_SHAPES) {
    const match = shape.exec(text)
    if (match !== null && (found === undefined || match.index < found.index))
      found = { index: match.index, evidence: `the code of the library's ${name}` }
  }
  return found
}

/** A module of the library itself, laid out by a bundler that keeps modules (Rollup `preserveModules`). */
const LIBRARY_MODULE_PATH = `${sep}node_modules${sep}${LIBRARY_NAME.split('/').join(sep)}${sep}`

/** Whether a build file at `path` (relative to the build directory walked) is a module of the library itself. */
export function isLibraryModulePath(path: string): boolean {
  return `${sep}${path}`.includes(LIBRARY_MODULE_PATH)
}

/** What a module of the library itself in the build output gives away: all of it, from its start. */
export const LIBRARY_MODULE: LibraryCode = Object.freeze({
  index: 0,
  evidence: `a module of the library itself, under node_modules/${LIBRARY_NAME}/`,
})

/** The first place in a build file's text that carries the library's code, or `undefined`. */
export function findLibraryCode(text: string): LibraryCode | undefined {
  return findIn(text, 0)
}

/** The finding for a build file that carries the library's code. */
export function bundledLibraryMessage(file: string, evidence: string): RuleMessage {
  return {
    severity: 'error',
    message:
      `${file} contains the code of @tech-vendor/api (${evidence}): the build bundled the library instead of importing it. ` +
      'The platform supplies the library when it loads the plugin.',
    hint: bundledLibrary.fix,
  }
}
