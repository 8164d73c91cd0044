/**
 * A one-dimensional PostgreSQL array in text form: `{"a","b\"c",NULL}`. Every element is quoted, so any text
 * fits.
 *
 * @param elements - The elements as PostgreSQL reads them (`null` for NULL).
 * @returns The array literal.
 * @internal
 */
export function arrayLiteral(elements: readonly (string | null)[]): string {
  const parts = elements.map((element) =>
    element === null ? 'NULL' : `"${element.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
  )
  return `{${parts.join(',')}}`
}

/** An element of a parsed array: its text, NULL, or a nested array. @internal */
export type ArrayElement = string | null | ArrayElement[]

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
