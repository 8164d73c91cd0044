import type ts from 'typescript'
import { outermost } from '../expression-wrappers.js'
import type { TypeScript } from '../load-typescript.js'
import type { ProfiledTypes } from '../profiled-types.js'
import { declaredBy, descriptors, fails, hintOf } from '../member-use.js'
import { defineRule, type MemberRule } from '../rule.js'

function simpleName(javaType: string): string {
  return javaType.slice(javaType.lastIndexOf('.') + 1)
}

/**
 * `linkage-mismatch`: a member whose runtime method returns another type than the declaration, so that
 * statically linked code cannot find it and the value is not what the declaration says.
 */
export const linkageMismatch = defineRule<MemberRule<'linkage-mismatch'>>({
  id: 'linkage-mismatch',
  severity: 'error',
  summary:
    'A call whose runtime signature differs from the declared one: it fails under static linkage, and its value is not what the declaration says.',
  detection:
    'Under --linkage static every call of such a member; under dynamic linkage a call whose value is used (assigned, passed, returned, read), not one whose value is dropped.',
  fix: 'Build against the 1.0.0 series, which declares the member as the runtime has it, or (dynamic linkage) do not use the value.',
  refusedByProfile: false,
  breaks: (member, use, target) =>
    member.returns !== member.runtimeReturns &&
    (target.linkage === 'static' || (use.kind === 'call' && use.used)),
  describe(subject, use, target) {
    const [first] = subject.members
    // Under dynamic linkage the code is already dynamic: what helps is not using the value.
    const hint = hintOf(subject, (m) =>
      target.linkage === 'static'
        ? (m.instead ?? `Call ${m.id} from dynamically linked code.`)
        : `Do not use the value of ${m.id}: it is a ${simpleName(m.runtimeReturns)} at run time, not ${m.returns}. Or build against the 1.0.0 series, which declares it as the runtime has it.`,
    )
    if (target.linkage === 'static') {
      const used = use.kind === 'call' && use.used
      return {
        severity: 'error',
        message:
          `${subject.name} is declared returning ${first.returns} by ${declaredBy(subject)}, but the platform runtime's method returns ${first.runtimeReturns}: ` +
          `under static linkage ${fails(use)} with NoSuchMethodError ${descriptors(subject)}.` +
          (used
            ? ` The value used here is a ${simpleName(first.runtimeReturns)} at run time, not ${first.returns}.`
            : ''),
        hint,
      }
    }
    return {
      severity: 'warning',
      message:
        `${subject.name} is declared returning ${first.returns} by ${declaredBy(subject)}, but the value used here is the runtime's ${first.runtimeReturns}. ` +
        'It works under dynamic linkage only: statically linked code fails with NoSuchMethodError.',
      hint,
    }
  },
})

/**
 * Whether the value of `call` is used: assigned, passed, returned, awaited into a value, or read from. Not
 * used: a call whose value is dropped, as a statement, after `void`, as the left of a comma, as a branch of a
 * condition or the right of `&&`, `||`, `??` whose own value is dropped (`flag && AsyncHelper.task(r)`), awaited
 * as a statement, or as the body of an arrow function whose contextual return type is `void`
 * (`setTimeout(() => AsyncHelper.task(r))`, `forEach`; not `map`).
 *
 * @param checker - The checker of the program the rules resolve against.
 * @param profiled - The runtime profile's program, asked first: its answer is taken where the function type
 * comes from a declaration both programs share.
 */
export function isValueUsed(
  t: TypeScript,
  checker: ts.TypeChecker,
  call: ts.CallExpression,
  profiled?: ProfiledTypes,
): boolean {
  const k = t.SyntaxKind
  let node: ts.Expression = outermost(t, call)
  for (;;) {
    const parent = node.parent
    if (t.isAwaitExpression(parent)) {
      node = outermost(t, parent)
      continue
    }
    if (t.isBinaryExpression(parent)) {
      const op = parent.operatorToken.kind
      if (op === k.CommaToken && parent.left === node) return false
      const passesOn =
        op === k.CommaToken ||
        op === k.AmpersandAmpersandToken ||
        op === k.BarBarToken ||
        op === k.QuestionQuestionToken
      if (!passesOn || parent.right !== node) return true
      node = outermost(t, parent)
      continue
    }
    if (t.isConditionalExpression(parent) && parent.condition !== node) {
      node = outermost(t, parent)
      continue
    }
    break
  }
  const parent = node.parent
  if (t.isExpressionStatement(parent) || t.isVoidExpression(parent)) return false
  if (t.isArrowFunction(parent) && parent.body === node) {
    const profiledAnswer =
      profiled?.covers(parent.getSourceFile()) === true
        ? returnsVoid(t, profiled.checker, parent, profiled)
        : undefined
    return !(profiledAnswer ?? returnsVoid(t, checker, parent) ?? false)
  }
  if (t.isForStatement(parent) && (parent.incrementor === node || parent.initializer === node)) return false
  return true
}

/**
 * Whether the function type `arrow` is given where it stands returns `void` in every signature. An argument
 * is judged by the parameter as declared, before inference: `map`'s callback returns `U`, which a callback
 * returning `void` would otherwise make `void`. `undefined` when `profiled` is given (`checker` is then its
 * checker) and the function type is not the declared surface's.
 */
function returnsVoid(
  t: TypeScript,
  checker: ts.TypeChecker,
  arrow: ts.ArrowFunction,
  profiled?: ProfiledTypes,
): boolean | undefined {
  const outer = outermost(t, arrow)
  const call = outer.parent
  let type: ts.Type | undefined
  if ((t.isCallExpression(call) || t.isNewExpression(call)) && call.arguments?.includes(outer) === true) {
    const declaration = checker.getResolvedSignature(call)?.getDeclaration()
    if (profiled !== undefined && (declaration === undefined || !profiled.isShared(declaration)))
      return undefined
    const parameter =
      declaration === undefined
        ? undefined
        : checker.getSignatureFromDeclaration(declaration)?.getParameters()[call.arguments.indexOf(outer)]
    const rest =
      parameter?.valueDeclaration !== undefined && t.isParameter(parameter.valueDeclaration)
        ? parameter.valueDeclaration.dotDotDotToken !== undefined
        : true
    type = parameter === undefined || rest ? undefined : checker.getTypeOfSymbolAtLocation(parameter, call)
  } else {
    type = checker.getContextualType(arrow)
  }
  if (type === undefined) return profiled === undefined ? false : undefined
  if (profiled !== undefined && !profiled.isSharedType(type)) return undefined
  const signatures = checker.getSignaturesOfType(checker.getNonNullableType(type), t.SignatureKind.Call)
  return (
    signatures.length > 0 &&
    signatures.every((s) => (checker.getReturnTypeOfSignature(s).flags & t.TypeFlags.Void) !== 0)
  )
}
