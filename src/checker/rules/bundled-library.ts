import { defineRule, type Rule, type RuleMessage } from '../rule.js'

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
    "vendor-api check-bundle: a build file holding a Symbol.for key the library registers, or the exact shape of one of the library's classes or constants that register none, or a module of the library itself (a file under node_modules/@tech-vendor/api/ in the build output).",
  fix: "Mark '@tech-vendor/api' (and its subpaths) as external in the bundler: esbuild --external:@tech-vendor/api, tsup external, Rollup external, webpack externals.",
})

/**
 * The `Symbol.for` keys under which the library keeps its process-wide state and brands, each as a whole
 * string literal (`"@tech-vendor/api.error-lineage"`; the slot key may still be a template,
 * `` `@tech-vendor/api/runtime-contract@${...}` ``). Bundlers and minifiers keep them as they are, and every
 * facade reaches the slot. A plugin's own string that merely mentions the package (an import, a link to its
 * README) is not one of them.
 */
export const LIBRARY_KEY =
  /(["'`])@tech-vendor\/api(?:\/runtime-contract@(?:\d+\1|\$\{)|(?:\.error-lineage|\/v1\.(?:VendorRpcService|controller-routes|VendorDynamicController)|\/testing\.(?:domain|context-storage@\d+))\1)/

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

/** A class with no `extends` (the library's own, not a plugin's subclass): `class Name? { ... }`. */
function baseClass(...body: readonly string[]): RegExp {
  return tokens('class', `(?:${ID}${GAP})?\\{`, ...body, String.raw`\}`)
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
    // minified (a plugin's subclass passes a value too).
    name: 'DynamicDomainEntity',
    shape: tokens(
      `(?:(${ID})${GAP}=${GAP}class(?:${GAP}${ID})?|class${GAP}(${ID}))`,
      String.raw`\{`,
      String.raw`\}`,
      '[;,]?',
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
    shape: tokens(
      ...['INFO', 'WARNING', 'ERROR', 'IMPORTANT', 'INTERNAL', 'ACTION_REQUIRED'].flatMap((k, i) =>
        i === 0 ? [constant(k)] : [',', constant(k)],
      ),
    ),
  },
  {
    name: 'DomainObjectRenderType',
    shape: tokens(constant('ONLY_LABEL_FIELD'), ',', constant('ALL_COLUMNS')),
  },
  {
    // The fields a Notification copies from its init.
    name: 'Notification',
    shape: tokens(
      String.raw`\[`,
      ...['title', 'content', 'severity', 'toUserName', 'toUser', 'link'].flatMap((f, i) =>
        i === 0 ? [`${QUOTE}${f}${QUOTE}`] : [',', `${QUOTE}${f}${QUOTE}`],
      ),
      String.raw`\]`,
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

/** The first place in a build file's text that carries the library's code, or `undefined`. */
export function findLibraryCode(text: string): LibraryCode | undefined {
  let found: LibraryCode | undefined
  const key = LIBRARY_KEY.exec(text)
  if (key !== null)
    found = { index: key.index, evidence: `${key[0]}, a key only the library's own code registers` }
  for (const { name, shape } of LIBRARY_SHAPES) {
    const match = shape.exec(text)
    if (match !== null && (found === undefined || match.index < found.index))
      found = { index: match.index, evidence: `the code of the library's ${name}` }
  }
  return found
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
