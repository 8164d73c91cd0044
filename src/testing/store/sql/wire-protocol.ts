import { SQLException } from '../../../errors/sql-exception.js'
import type { ServerError, Statement, StatementResult } from './statement.js'

/** The most parameters one statement can have: the protocol counts them in 16 bits. */
const MOST_PARAMETERS = 65_535

/*
 * PostgreSQL's frontend/backend protocol (version 3), the extended-query part only: what an in-process
 * PGlite exchanges through `execProtocolRawSync`. A pipeline is Parse/Bind/Describe/Execute per statement and
 * one Sync, so that a call is one round trip; every parameter and every result column travels as text. A
 * statement the connection keeps prepared skips its Parse (and its parse and plan in the backend).
 */

/**
 * How one statement of a pipeline is sent through a prepared statement the connection keeps: its name, and
 * whether it is parsed (made) by this pipeline or already exists.
 *
 * @internal
 */
export interface PreparedName {
  readonly name: string
  readonly parse: boolean
}

/**
 * Encodes statements as one pipeline: first a Close of each prepared statement to drop; then, for each
 * statement, Parse (parameter types inferred: of the unnamed statement, or of a prepared one the first time),
 * Bind (text parameters, text results), Describe portal (except for a `repeated` statement, whose columns the
 * store does not read) and Execute; then one Sync.
 *
 * @param statements - The statements, in order.
 * @param prepared - For each statement, the prepared statement it goes through, or `undefined` (or none
 *   given): the unnamed statement, parsed again.
 * @param closes - Prepared statements to drop first (a Close of one that does not exist is no error).
 * @returns The bytes to send.
 * @throws `SQLException` (54023, too many arguments) for a statement with more parameters than the protocol
 *   carries: nothing is sent.
 * @internal
 */
export function encodePipeline(
  statements: readonly Statement[],
  prepared: readonly (PreparedName | undefined)[] = [],
  closes: readonly string[] = [],
): Uint8Array {
  let size = 5 // Sync
  for (const name of closes) size += 1 + 4 + 1 + Buffer.byteLength(name) + 1
  for (let i = 0; i < statements.length; i++) {
    const { text, params, repeated } = statements[i] as Statement
    if (params.length > MOST_PARAMETERS) {
      throw new SQLException(
        `A statement takes at most ${MOST_PARAMETERS} parameters (PostgreSQL's protocol counts them in 16 bits), and this one has ${params.length}; nothing was run. ` +
          'Split it, or pass the values as one array: where id = any(?::bigint[]).',
        '54023',
      )
    }
    const name = prepared[i]?.name ?? ''
    if (prepared[i]?.parse !== false)
      size += 1 + 4 + Buffer.byteLength(name) + 1 + Buffer.byteLength(text) + 1 + 2 // Parse
    size += 1 + 4 + 1 + Buffer.byteLength(name) + 1 + 2 + 2 + 2 // Bind without its parameters
    for (const param of params) size += 4 + (param === null ? 0 : Buffer.byteLength(param))
    if (repeated !== true) size += 1 + 4 + 1 + 1 // Describe portal
    size += 1 + 4 + 1 + 4 // Execute
  }
  const out = new MessageWriter(size)
  for (const name of closes) {
    const length = out.start(0x43) // 'C' Close
    out.byte(0x53) // 'S': a prepared statement
    out.string(name)
    out.end(length)
  }
  for (let i = 0; i < statements.length; i++) {
    const { text, params, repeated } = statements[i] as Statement
    const name = prepared[i]?.name ?? ''
    let length: number
    if (prepared[i]?.parse !== false) {
      length = out.start(0x50) // 'P' Parse
      out.string(name)
      out.string(text)
      out.int16(0) // no parameter types: the server infers them
      out.end(length)
    }

    length = out.start(0x42) // 'B' Bind
    out.byte(0) // unnamed portal
    out.string(name)
    out.int16(0) // every parameter in text format
    out.int16(params.length)
    for (const param of params) out.param(param)
    out.int16(0) // every result column in text format
    out.end(length)

    if (repeated !== true) {
      length = out.start(0x44) // 'D' Describe
      out.byte(0x50) // 'P': the portal
      out.byte(0)
      out.end(length)
    }

    length = out.start(0x45) // 'E' Execute
    out.byte(0) // unnamed portal
    out.int32(0) // every row
    out.end(length)
  }
  out.end(out.start(0x53)) // 'S' Sync
  return out.bytes
}

/** Writes messages into a buffer of the size they take. */
class MessageWriter {
  readonly bytes: Buffer
  #at = 0

  constructor(size: number) {
    this.bytes = Buffer.allocUnsafe(size)
  }

  /** Starts a message of a type: returns where its length goes, for {@link MessageWriter.end}. */
  start(type: number): number {
    this.bytes[this.#at] = type
    const lengthAt = this.#at + 1
    this.#at += 5
    return lengthAt
  }

  end(lengthAt: number): void {
    this.bytes.writeInt32BE(this.#at - lengthAt, lengthAt)
  }

  byte(value: number): void {
    this.bytes[this.#at++] = value
  }

  int16(value: number): void {
    this.bytes.writeUInt16BE(value, this.#at)
    this.#at += 2
  }

  int32(value: number): void {
    this.bytes.writeInt32BE(value, this.#at)
    this.#at += 4
  }

  /** A NUL-terminated string. */
  string(value: string): void {
    this.#at += this.bytes.write(value, this.#at)
    this.bytes[this.#at++] = 0
  }

  /** A parameter: its length (-1 for NULL), then its text. */
  param(value: string | null): void {
    if (value === null) return this.int32(-1)
    const length = this.bytes.write(value, this.#at + 4)
    this.bytes.writeInt32BE(length, this.#at)
    this.#at += 4 + length
  }
}

/**
 * What a pipeline's replies come to: the results of the statements that ran, and the error that stopped
 * the rest, if one did.
 *
 * @internal
 */
export interface PipelineReply {
  readonly results: StatementResult[]
  readonly error: ServerError | undefined
  /** How many Parse messages completed: the pipeline's first ones, in order. */
  readonly parsed: number
}

/**
 * Reads the backend's replies to one pipeline (up to and including ReadyForQuery).
 *
 * @param bytes - What the backend sent.
 * @returns One result per statement that completed, and the error that stopped the pipeline.
 * @internal
 */
export function decodePipeline(bytes: Uint8Array): PipelineReply {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const results: StatementResult[] = []
  let error: ServerError | undefined
  let fields: { name: string; typeOid: number }[] | undefined
  let rows: (string | null)[][] = []
  let parsed = 0
  let at = 0
  while (at + 5 <= data.length) {
    const type = data[at] as number
    const length = data.readInt32BE(at + 1)
    const body = at + 5
    const next = at + 1 + length
    switch (type) {
      case 0x54: {
        // 'T' RowDescription
        const count = data.readInt16BE(body)
        fields = []
        let p = body + 2
        for (let i = 0; i < count; i++) {
          const nameEnd = data.indexOf(0, p)
          const name = data.toString('utf8', p, nameEnd)
          p = nameEnd + 1
          const typeOid = data.readInt32BE(p + 6)
          p += 18
          fields.push({ name, typeOid })
        }
        break
      }
      case 0x44: {
        // 'D' DataRow
        const count = data.readInt16BE(body)
        const row: (string | null)[] = new Array<string | null>(count)
        let p = body + 2
        for (let i = 0; i < count; i++) {
          const size = data.readInt32BE(p)
          p += 4
          if (size < 0) {
            row[i] = null
          } else {
            row[i] = data.toString('utf8', p, p + size)
            p += size
          }
        }
        rows.push(row)
        break
      }
      case 0x43: // 'C' CommandComplete
      case 0x49: {
        // 'I' EmptyQueryResponse
        const command = type === 0x43 ? data.toString('utf8', body, next - 1) : ''
        results.push({ fields, rows, command })
        fields = undefined
        rows = []
        break
      }
      case 0x45: // 'E' ErrorResponse
        error = readError(data, body, next)
        break
      case 0x31: // '1' ParseComplete
        parsed++
        break
      // BindComplete, CloseComplete, NoData, notices, parameter status, ReadyForQuery: nothing to keep.
    }
    at = next
  }
  return { results, error, parsed }
}

/** The fields of an ErrorResponse: each is a type byte and a NUL-terminated string. */
function readError(data: Buffer, from: number, to: number): ServerError {
  const parts: Record<string, string> = {}
  let p = from
  while (p < to && data[p] !== 0) {
    const code = String.fromCharCode(data[p] as number)
    const end = data.indexOf(0, p + 1)
    parts[code] = data.toString('utf8', p + 1, end)
    p = end + 1
  }
  return {
    sqlState: parts['C'] ?? 'XX000',
    message: parts['M'] ?? 'unknown error',
    detail: parts['D'],
    hint: parts['H'],
    position: parts['P'] === undefined ? undefined : Number(parts['P']),
  }
}
