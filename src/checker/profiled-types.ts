import type ts from 'typescript'
import type { TypeScript } from './load-typescript.js'

/**
 * The types of the plugin's own program under the runtime profile (the one its `tsc` builds), taken for the
 * declared surface's where both say the same. The rules resolve uses against the program without the profile,
 * whose checker computes every type it is asked from scratch, while the profiled program's checker has
 * already typed every checked file for the compiler's diagnostics. The two programs hold the same parsed
 * files and differ only in what `'@tech-vendor/api'` resolves to: a type declared only in files both hold
 * (the facades the profile leaves as they are: `SimpleQuery`, `DomainHelper`, the model, the plugin's own
 * types) is the same in both, so the profiled answer is taken; a type that involves the profile's own
 * declarations (its `AsyncHelper`, `MessageHelper`, `Notification`), `any` or an error is asked of the
 * program without the profile.
 */
export class ProfiledTypes {
  readonly #ts: TypeScript
  readonly #declared: ts.Program
  readonly #profiled: ts.Program
  /** The profiled program's checker. */
  readonly checker: ts.TypeChecker
  readonly #shared = new Map<ts.SourceFile, boolean>()

  constructor(typescript: TypeScript, declared: ts.Program, profiled: ts.Program) {
    this.#ts = typescript
    this.#declared = declared
    this.#profiled = profiled
    this.checker = profiled.getTypeChecker()
  }

  /**
   * Whether the profiled program holds `file` itself, the same parsed object, so that its checker can be
   * asked about the file's nodes (not so without a shared file cache, or before TypeScript 5.3).
   */
  covers(file: ts.SourceFile): boolean {
    return this.#profiled.getSourceFile(file.fileName) === file
  }

  /** Whether `node` is declared in a file both programs hold (not in one of the runtime profile's own). */
  isShared(node: ts.Node): boolean {
    const file = node.getSourceFile()
    let shared = this.#shared.get(file)
    if (shared === undefined) {
      shared = this.#declared.getSourceFile(file.fileName) === file && this.covers(file)
      this.#shared.set(file, shared)
    }
    return shared
  }

  /**
   * Whether `type` is the same in the program without the profile: not `any` (an error is typed `any`), and
   * declared, as a whole and in each part of a union or intersection, only in files both programs hold.
   */
  isSharedType(type: ts.Type, depth = 0): boolean {
    const t = this.#ts
    if (type.flags & t.TypeFlags.Any || depth > 4) return false
    if (type.isUnionOrIntersection()) return type.types.every((part) => this.isSharedType(part, depth + 1))
    for (const symbol of [type.aliasSymbol, type.getSymbol()]) {
      if (symbol !== undefined && !(symbol.declarations ?? []).every((d) => this.isShared(d))) return false
    }
    return true
  }

  /** Whether every declaration of `symbol` is in a file both programs hold; `true` for no symbol. */
  isSharedSymbol(symbol: ts.Symbol | undefined): boolean {
    return symbol === undefined || (symbol.declarations ?? []).every((d) => this.isShared(d))
  }
}
