/** A string literal of JavaScript code, or the head of a template literal (its text before any `${`). */
export interface StringLiteral {
  /** The offset of its opening quote. */
  readonly start: number
  readonly quote: '"' | "'" | '`'
  /** Its value, escapes decoded. */
  readonly value: string
  /** Whether it is a template literal's head followed by a substitution (`` `...${ `` ). */
  readonly substituted: boolean
}

/** Words after which a `/` starts a regular expression, not a division. */
const BEFORE_EXPRESSION = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
])

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
}

function isWordCode(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || // a-z
    (code >= 65 && code <= 90) || // A-Z
    (code >= 48 && code <= 57) || // 0-9
    code === 95 || // _
    code === 36 || // $
    code > 127
  )
}

/** Decodes the escape at `text[i]` (the character after a backslash): the text it stands for, and where it ends. */
function decodeEscape(text: string, i: number): [string, number] {
  const c = text[i] ?? ''
  const simple = SIMPLE_ESCAPES[c]
  if (simple !== undefined) return [simple, i + 1]
  if (c === '\r') return ['', text[i + 1] === '\n' ? i + 2 : i + 1]
  if (c === '\n' || c === '\u2028' || c === '\u2029') return ['', i + 1]
  const hex = (from: number, to: number): [string, number] | undefined => {
    const digits = text.slice(from, to)
    return /^[\da-f]+$/i.test(digits) && digits.length > 0
      ? [String.fromCodePoint(Number.parseInt(digits, 16)), to]
      : undefined
  }
  if (c === 'x') return hex(i + 1, i + 3) ?? [c, i + 1]
  if (c === 'u') {
    if (text[i + 1] === '{') {
      const close = text.indexOf('}', i + 2)
      const decoded = close === -1 ? undefined : hex(i + 2, close)
      return decoded === undefined ? [c, i + 1] : [decoded[0], close + 1]
    }
    return hex(i + 1, i + 5) ?? [c, i + 1]
  }
  return [c, i + 1]
}

/** Reads a quoted string from its opening quote at `start`: its value and the offset after it. */
function readString(text: string, start: number): [string, number] {
  const quote = text[start]
  let value = ''
  let i = start + 1
  while (i < text.length) {
    const c = text[i]
    if (c === quote) return [value, i + 1]
    if (c === '\n') return [value, i] // unterminated: the line ends it
    if (c === '\\') {
      const [decoded, next] = decodeEscape(text, i + 1)
      value += decoded
      i = next
    } else {
      value += c
      i++
    }
  }
  return [value, i]
}

/**
 * Reads template text from `start` (after the backtick, or after the `}` that closes a substitution): its
 * value, the offset after it, and whether a substitution follows.
 */
function readTemplate(text: string, start: number): [string, number, boolean] {
  let value = ''
  let i = start
  while (i < text.length) {
    const c = text[i]
    if (c === '`') return [value, i + 1, false]
    if (c === '$' && text[i + 1] === '{') return [value, i + 2, true]
    if (c === '\\') {
      const [decoded, next] = decodeEscape(text, i + 1)
      value += decoded
      i = next
    } else {
      value += c
      i++
    }
  }
  return [value, i, false]
}

/** The offset after a regular expression literal opening at `start`, or -1 when none does (a division). */
function regexEnd(text: string, start: number): number {
  let inClass = false
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i]
    if (c === '\n' || c === '\r') return -1
    if (c === '\\') i++
    else if (c === '[') inClass = true
    else if (c === ']') inClass = false
    else if (c === '/' && !inClass) {
      let end = i + 1
      while (end < text.length && isWordCode(text.charCodeAt(end))) end++
      return end
    }
  }
  return -1
}

/**
 * The string literals of JavaScript code, in order: a light scan that steps over comments, regular
 * expressions and template substitutions, so that a quote inside any of them is not taken for one. What a
 * bundler or minifier writes is what it is made for; on text that is not JavaScript it still ends, in one pass.
 * Yields each as it is read, so that a caller looking for one stops the scan there.
 */
export function* stringLiterals(text: string): Generator<StringLiteral, void, undefined> {
  // The brace depth at which each open template substitution closes, innermost last.
  const substitutions: number[] = []
  let depth = 0
  let regexAllowed = true
  const hashbangEnd = text.startsWith('#!') ? text.indexOf('\n') : 0
  let i = hashbangEnd === -1 ? text.length : hashbangEnd
  while (i < text.length) {
    const c = text[i] ?? ''
    const code = text.charCodeAt(i)
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i)
      i = end === -1 ? text.length : end
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2)
      i = end === -1 ? text.length : end + 2
    } else if (c === '/') {
      const end: number = regexAllowed ? regexEnd(text, i) : -1
      regexAllowed = end === -1
      i = end === -1 ? i + 1 : end
    } else if (c === '"' || c === "'") {
      const [value, end] = readString(text, i)
      yield { start: i, quote: c, value, substituted: false }
      regexAllowed = false
      i = end
    } else if (c === '`' || (c === '}' && substitutions.at(-1) === depth)) {
      const resumed = c === '}'
      const [value, end, substituted] = readTemplate(text, i + 1)
      if (!resumed) yield { start: i, quote: '`', value, substituted }
      if (resumed && !substituted) substitutions.pop()
      else if (!resumed && substituted) substitutions.push(depth)
      regexAllowed = substituted
      i = end
    } else if (isWordCode(code)) {
      let end = i + 1
      while (end < text.length && isWordCode(text.charCodeAt(end))) end++
      regexAllowed = BEFORE_EXPRESSION.has(text.slice(i, end))
      i = end
    } else {
      if (c === '{') depth++
      else if (c === '}') depth--
      // After `}` a block ended (an object literal divided by something is not code bundlers write).
      regexAllowed = c !== ')' && c !== ']'
      i++
    }
  }
}
