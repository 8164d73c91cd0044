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
  const reader = new CsvReader(text)
  const records: CsvRecord[] = []
  for (let record = reader.read(); record !== undefined; record = reader.read()) records.push(record)
  return reader.error === undefined ? { records } : { error: reader.error }
}

/**
 * Reads CSV text as {@link parseCsv} does, one record at a time: an import holds a few records at once, not
 * the whole file's.
 *
 * @internal
 */
export class CsvReader {
  /** The syntax error that stopped the reading, if one did. */
  error: CsvSyntaxError | undefined
  readonly #text: string
  #i: number
  #line = 1

  /** @param text - The file's content. */
  constructor(text: string) {
    this.#text = text
    this.#i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  }

  /**
   * The first syntax error of a text, found without keeping what it reads.
   *
   * @param text - The file's content.
   * @returns The error {@link parseCsv} would return, or `undefined` when the text is well-formed.
   */
  static check(text: string): CsvSyntaxError | undefined {
    const reader = new CsvReader(text)
    while (reader.#next(false) !== undefined);
    return reader.error
  }

  /**
   * The next record.
   *
   * @returns The record, or `undefined` at the end of the text or at a syntax error (then in {@link error}).
   */
  read(): CsvRecord | undefined {
    return this.#next(true) ?? undefined
  }

  /**
   * Reads the next record, built when `keep` is set (else `null` stands for it), or `undefined` at the end or at
   * a syntax error.
   */
  #next(keep: boolean): CsvRecord | null | undefined {
    const text = this.#text
    const n = text.length
    let i = this.#i
    let line = this.#line
    if (this.error !== undefined) return undefined
    // At the start of a line: a comment or a blank line is skipped whole.
    while (i < n && (text[i] === ';' || text[i] === '\n' || text[i] === '\r')) {
      if (text[i] === ';') {
        while (i < n && text[i] !== '\n') i++
        i++
      } else i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1
      line++
    }
    if (i >= n) {
      this.#i = i
      this.#line = line
      return undefined
    }
    const startLine = line
    const fields: CsvField[] | null = keep ? [] : null
    let column = 1
    for (;;) {
      if (text[i] === '"') {
        const fieldLine = line
        i++
        let value = ''
        for (;;) {
          if (i >= n) {
            return this.#fail(fieldLine, column, 'a quoted field is not closed: add the closing quote (")')
          }
          const c = text[i] as string
          if (c === '"') {
            if (text[i + 1] === '"') {
              if (keep) value += '"'
              i += 2
              continue
            }
            i++
            break
          }
          if (c === '\n') line++
          if (keep) value += c
          i++
        }
        if (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
          return this.#fail(
            line,
            column,
            'text follows the closing quote of a quoted field: quote the whole field and write a quote inside it as ""',
          )
        }
        fields?.push({ text: value, quoted: true, column })
      } else {
        let end = i
        while (end < n && text[end] !== ',' && text[end] !== '\n' && text[end] !== '\r') {
          if (text[end] === '"') {
            return this.#fail(
              line,
              column,
              'a quote inside an unquoted field: quote the whole field and write a quote inside it as ""',
            )
          }
          end++
        }
        fields?.push({ text: text.slice(i, end), quoted: false, column })
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
    this.#i = i
    this.#line = line
    return fields === null ? null : { line: startLine, fields }
  }

  #fail(line: number, column: number, message: string): undefined {
    this.error = { line, column, message }
    return undefined
  }
}
