import type ts from 'typescript'
import type { TypeScript } from './load-typescript.js'

/** Parentheses, non-null assertions and type assertions: what wraps an expression without changing its value. */
type Wrapper =
  | ts.ParenthesizedExpression
  | ts.NonNullExpression
  | ts.AsExpression
  | ts.SatisfiesExpression
  | ts.TypeAssertion

function isWrapper(t: TypeScript, node: ts.Node): node is Wrapper {
  return (
    t.isParenthesizedExpression(node) ||
    t.isNonNullExpression(node) ||
    t.isAsExpression(node) ||
    t.isSatisfiesExpression(node) ||
    t.isTypeAssertionExpression(node)
  )
}

/** `node` without the parentheses, non-null assertions and type assertions around it. */
export function skipOuter(t: TypeScript, node: ts.Expression): ts.Expression {
  let e = node
  while (isWrapper(t, e)) e = e.expression
  return e
}

/** The outermost of the parentheses and assertions {@link skipOuter} skips around `node`. */
export function outermost(t: TypeScript, node: ts.Expression): ts.Expression {
  let e = node
  while (isWrapper(t, e.parent) && e.parent.expression === e) e = e.parent
  return e
}
