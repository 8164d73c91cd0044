/** An element of an array: its text, NULL, or a nested array. @internal */
export type ArrayElement = string | null | readonly ArrayElement[]

/**
 * A PostgreSQL array in text form: `{"a","b\"c",NULL}`, a nested array as a dimension of its own
 * (`{{"1","2"},{"3","4"}}`). Every element is quoted, so any text fits.
 *
 * @param elements - The elements as PostgreSQL reads them (`null` for NULL), or nested arrays of them.
 * @returns The array literal.
 * @internal
 */
export function arrayLiteral(elements: readonly ArrayElement[]): string {
  const parts = elements.map((element) => {
    if (element === null) return 'NULL'
    if (typeof element !== 'string') return arrayLiteral(element)
    return `"${element.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
  })
  return `{${parts.join(',')}}`
}

/**
 * Reads PostgreSQL's text output of an array (`{1,2,NULL}`, `{{"a b",c},{d,e}}`, `[0:1]={7,8}`).
 *
 * @param text - The array's text.
 * @returns The elements, nested as the array's dimensions are; each element is its text or `null`.
 * @internal
 */
export function parseArrayLiteral(text: string): ArrayElement[] {
  let at = text.indexOf('{')
  const read = (): ArrayElement[] => {
    const out: ArrayElement[] = []
    at++ // '{'
    if (text[at] === '}') {
      at++
      return out
    }
    for (;;) {
      const char = text[at]
      if (char === '{') {
        out.push(read())
      } else if (char === '"') {
        let value = ''
        at++
        while (text[at] !== '"') {
          if (text[at] === '\\') at++
          value += text[at]
          at++
        }
        at++
        out.push(value)
      } else {
        const start = at
        while (text[at] !== ',' && text[at] !== '}') at++
        const value = text.slice(start, at).trim()
        out.push(value === 'NULL' ? null : value)
      }
      if (text[at] === '}') {
        at++
        return out
      }
      at++ // ','
    }
  }
  return at < 0 ? [] : read()
}
