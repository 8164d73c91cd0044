import { isReservedKey } from './reserved-keys.js'

/**
 * The deepest nesting of arrays and objects a JSON body may have: the default of Jackson, the platform's JSON
 * parser (`StreamReadConstraints.maxNestingDepth`).
 *
 * @internal
 */
export const MAX_JSON_DEPTH = 1000

/** An array or object met in the walk, with what it takes to name its path. */
interface Node {
  readonly value: object
  readonly depth: number
  readonly parent: Node | undefined
  readonly key: string | number
}

/** What is wrong with a JSON body, and what the caller should do about it. */
export interface JsonBodyProblem {
  /** Completes "the JSON body ...": `holds the key $.a.__proto__, ...`. */
  readonly detail: string
  readonly remedy: string
}

/**
 * What makes a parsed JSON body unsafe to hand on, or `undefined` when nothing does: the first key (in document
 * order) that could pollute a prototype, with its path (`$.a[0].__proto__`), or nesting deeper than
 * {@link MAX_JSON_DEPTH}. Walks with a stack of its own, so no depth of input overflows the call stack.
 *
 * @internal
 */
export function jsonBodyProblem(value: unknown): JsonBodyProblem | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const stack: Node[] = [{ value, depth: 1, parent: undefined, key: '' }]
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.depth > MAX_JSON_DEPTH) {
      return {
        detail: `nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`,
        remedy: 'Send a flatter body.',
      }
    }
    const entries: [string | number, unknown][] = Array.isArray(node.value)
      ? [...(node.value as unknown[]).entries()]
      : Object.entries(node.value)
    const children: Node[] = []
    for (const [key, item] of entries) {
      if (typeof key === 'string' && isReservedKey(key)) {
        return {
          detail: `holds the key ${pathOf(node)}.${key}, which could reach the prototype of every object`,
          remedy: 'Remove the key.',
        }
      }
      if (typeof item === 'object' && item !== null)
        children.push({ value: item, depth: node.depth + 1, parent: node, key })
    }
    // Pushed last to first, so the walk meets keys in document order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Node)
  }
  return undefined
}

/** `$.a[0].b`: the path of a node from the body's root. */
function pathOf(node: Node): string {
  const parts: string[] = []
  for (let at: Node | undefined = node; at?.parent !== undefined; at = at.parent)
    parts.push(typeof at.key === 'number' ? `[${at.key}]` : `.${at.key}`)
  return `$${parts.reverse().join('')}`
}
