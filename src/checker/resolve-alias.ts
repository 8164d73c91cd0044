import type ts from 'typescript'
import type { TypeScript } from './load-typescript.js'

/** The symbol an import or re-export stands for, through every alias; any other symbol as it is. */
export function resolveAlias(t: TypeScript, checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & t.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
}
