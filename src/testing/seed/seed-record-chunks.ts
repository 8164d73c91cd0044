import type { CsvReader, CsvRecord } from './csv.js'
import type { SeedProblem } from './seed-data-exception.js'
import type { SeedRecord } from './seed-import.js'
import { KEY_BATCH } from './seed-keys.js'

/**
 * The records of a CSV file after its header, as seed records, a batch of key lookups at a time
 * ({@link KEY_BATCH}): the import holds one chunk of the file's records at once, not all of them. A record
 * of blank cells is skipped; a record with another number of fields than the header is a problem appended
 * to `problems` (by the time the chunks are read to the end, every such problem is there).
 *
 * @param reader - The reader, past the header; its text is well-formed (see `CsvReader.check`).
 * @param header - The header record.
 * @param problems - Where a record with the wrong number of fields is reported.
 * @returns The chunks, in file order.
 * @internal
 */
export function* seedRecordChunks(
  reader: CsvReader,
  header: CsvRecord,
  problems: SeedProblem[],
): Generator<SeedRecord[], void, undefined> {
  const headers = header.fields.map((f) => f.text)
  let chunk: SeedRecord[] = []
  for (let row = reader.read(); row !== undefined; row = reader.read()) {
    const { fields } = row
    if (isBlank(row)) continue
    if (fields.length !== headers.length) {
      problems.push({
        line: row.line,
        column: Math.min(fields.length, headers.length) + 1,
        message: `the record has ${fields.length} field${fields.length === 1 ? '' : 's'} but the header has ${headers.length}; quote fields that hold a comma`,
      })
      continue
    }
    const cells = new Array<SeedRecord['cells'][number]>(fields.length)
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i] as CsvRecord['fields'][number]
      cells[i] = {
        header: headers[i] as string,
        column: field.column,
        value: field.text,
        text: true,
        quoted: field.quoted,
      }
    }
    chunk.push({ line: row.line, headerLine: header.line, cells })
    if (chunk.length === KEY_BATCH) {
      yield chunk
      chunk = []
    }
  }
  if (reader.error !== undefined)
    throw new Error(`CsvReader: the text was not checked first (line ${reader.error.line})`)
  if (chunk.length > 0) yield chunk
}

/** Whether every field of a record is empty or blank, and unquoted. */
function isBlank(record: CsvRecord): boolean {
  for (const field of record.fields) if (field.quoted || field.text.trim() !== '') return false
  return true
}
