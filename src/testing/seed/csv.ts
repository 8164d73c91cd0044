/** One field of a CSV record, with where it starts in the file. */
export interface CsvField {
  /** The field's text, quotes removed and `""` unescaped. */
  readonly text: string
  /** Whether the field was quoted: `""` is an empty string, an empty unquoted field is no value. */
  readonly quoted: boolean
  /** The 1-based column: the field's position in its record. */
  readonly column: number
}

/** One CSV record. */
export interface CsvRecord {
  /** The 1-based line the record starts on. */
  readonly line: number
  readonly fields: readonly CsvField[]
}

/** A syntax error of a CSV file, with where it is. */
export interface CsvSyntaxError {
  readonly line: number
  readonly column: number
  readonly message: string
}

/**
 * Parses CSV text as RFC 4180 (comma separator, `"` quoting with `""` as an escaped quote, line breaks inside
 * quotes, CRLF or LF), with the platform's seed-data conventions: a line starting with `;` is a comment, and
 * blank lines are skipped. A byte order mark at the start is ignored.
 *
 * @param text - The file's content.
 * @returns The records, or the first syntax error.
 */
export function parseCsv(text: string): { records: CsvRecord[] } | { error: CsvSyntaxError } {
  const records: CsvRecord[] = []
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  let line = 1
  const n = text.length
  while (i < n) {
    // At the start of a line: a comment or a blank line is skipped whole.
    if (text[i] === ';') {
      while (i < n && text[i] !== '\n') i++
      i++
      line++
      continue
    }
    if (text[i] === '\n' || text[i] === '\r') {
      i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1
      line++
      continue
    }
    const startLine = line
    const fields: CsvField[] = []
    let column = 1
    for (;;) {
      if (text[i] === '"') {
        const fieldLine = line
        i++
        let value = ''
        for (;;) {
          if (i >= n) {
            return {
              error: {
                line: fieldLine,
                column,
                message: 'a quoted field is not closed: add the closing quote (")',
              },
            }
          }
          const c = text[i] as string
          if (c === '"') {
            if (text[i + 1] === '"') {
              value += '"'
              i += 2
              continue
            }
            i++
            break
          }
          if (c === '\n') line++
          value += c
          i++
        }
        if (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
          return {
            error: {
              line,
              column,
              message:
                'text follows the closing quote of a quoted field: quote the whole field and write a quote inside it as ""',
            },
          }
        }
        fields.push({ text: value, quoted: true, column })
      } else {
        let end = i
        while (end < n && text[end] !== ',' && text[end] !== '\n' && text[end] !== '\r') {
          if (text[end] === '"') {
            return {
              error: {
                line,
                column,
                message:
                  'a quote inside an unquoted field: quote the whole field and write a quote inside it as ""',
              },
            }
          }
          end++
        }
        fields.push({ text: text.slice(i, end), quoted: false, column })
        i = end
      }
      if (i < n && text[i] === ',') {
        i++
        column++
        continue
      }
      // End of the record: CRLF, LF, a lone CR, or the end of the text.
      if (text[i] === '\r') i++
      if (text[i] === '\n') i++
      line++
      break
    }
    records.push({ line: startLine, fields })
  }
  return { records }
}
