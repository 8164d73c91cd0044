import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { ENTRY_POINTS } from '../../entry-points.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const entries = ENTRY_POINTS.map((e) => e.source)

const config = ts.getParsedCommandLineOfConfigFile(
  `${root}tsconfig.src.json`,
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    },
  },
)
if (config === undefined) throw new Error('tsconfig.src.json could not be read')
const program = ts.createProgram(
  entries.map((e) => `${root}${e}`),
  config.options,
)
const checker = program.getTypeChecker()

/** Whether any declaration of `symbol` carries an `@example` tag in its TSDoc. */
function hasExample(symbol: ts.Symbol): boolean {
  return (symbol.getDeclarations() ?? []).some((d) =>
    ts.getJSDocTags(d).some((tag) => tag.tagName.text === 'example'),
  )
}

/** Every public method of an exported class (static or not), named `Class.member`. */
function publicMethods(symbol: ts.Symbol): [string, ts.Symbol][] {
  const declaration = symbol.getDeclarations()?.find(ts.isClassDeclaration)
  if (declaration === undefined) return []
  const out: [string, ts.Symbol][] = []
  for (const member of declaration.members) {
    if (!ts.isMethodDeclaration(member) || member.name === undefined) continue
    const modifiers = ts.getCombinedModifierFlags(member)
    if (modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue
    if (ts.isPrivateIdentifier(member.name)) continue
    const memberSymbol = checker.getSymbolAtLocation(member.name)
    if (memberSymbol !== undefined) out.push([`${symbol.getName()}.${memberSymbol.getName()}`, memberSymbol])
  }
  return out
}

describe.each(entries)('the TSDoc of %s', (entry) => {
  const source = program.getSourceFile(`${root}${entry}`)
  const moduleSymbol = source === undefined ? undefined : checker.getSymbolAtLocation(source)
  if (moduleSymbol === undefined) throw new Error(`${entry} is not a module`)
  const exported = checker.getExportsOfModule(moduleSymbol).map((s) => {
    const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s
    return [s.getName(), target] as const
  })

  it('has exports to check', () => {
    expect(exported.length).toBeGreaterThan(0)
  })

  it('gives every export an @example', () => {
    expect(exported.filter(([, symbol]) => !hasExample(symbol)).map(([name]) => name)).toEqual([])
  })

  it('gives every public method of an exported class an @example', () => {
    const methods = exported.flatMap(([, symbol]) => publicMethods(symbol))
    expect(methods.filter(([, symbol]) => !hasExample(symbol)).map(([name]) => name)).toEqual([])
  })
})
