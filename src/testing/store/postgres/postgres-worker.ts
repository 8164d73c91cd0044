/*
 * The worker thread of `postgresStore`: it holds the `pg` connections to the server and runs what the main
 * thread asks, which waits for the answer with Atomics.wait. Built as dist/testing/postgres-worker.js; from
 * the sources (vitest, tsx) it is loaded through tsx. It imports nothing of the package at run time.
 */
import { workerData } from 'node:worker_threads'
import type { BridgeReply, BridgeRequest, WorkerSetup } from './bridge-messages.js'
import type { ServerError, Statement, StatementResult } from '../sql/statement.js'

/** What the worker uses of `pg`. */
interface PgClient {
  connect(): Promise<unknown>
  end(): Promise<void>
  on(event: 'error', listener: (error: Error) => void): void
  query(config: object): Promise<{
    fields: { name: string; dataTypeID: number }[]
    rows: (string | null)[][]
    command: string | null
    rowCount: number | null
  }>
}
type PgModule = { Client: new (config: object) => PgClient }

const { port, signal, url, settings } = workerData as WorkerSetup
const connections = new Map<number, Promise<PgClient>>()
/** Every value arrives as PostgreSQL's text: the store turns it into what JavaScript holds. */
const RAW_TYPES = { getTypeParser: () => (text: string) => text }
let pg: Promise<PgModule> | undefined

port.on('message', (request: BridgeRequest) => {
  void answer(request).then((reply) => {
    port.postMessage(reply)
    Atomics.store(signal, 0, 1)
    Atomics.notify(signal, 0)
  })
})

async function answer(request: BridgeRequest): Promise<BridgeReply> {
  try {
    switch (request.kind) {
      case 'run':
        return await run(await connection(request.connection), request.statements, request.onError)
      case 'close':
        await close(request.connection)
        return { kind: 'done' }
      case 'shutdown':
        // The main thread closes the port and ends the thread once it has the answer.
        await Promise.all([...connections.keys()].map(close))
        return { kind: 'done' }
    }
  } catch (error) {
    return {
      kind: 'failed',
      message: error instanceof Error ? error.message : String(error),
      sqlState: sqlStateOf(error),
    }
  }
}

/** The SQLSTATE a server error carries; a socket's error code (`ECONNREFUSED`) is none. */
function sqlStateOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined
}

async function run(
  client: PgClient,
  statements: readonly Statement[],
  onError: readonly Statement[],
): Promise<BridgeReply> {
  const results: StatementResult[] = []
  for (const statement of statements) {
    try {
      const result = await client.query({
        text: statement.text,
        values: statement.params,
        rowMode: 'array',
        types: RAW_TYPES,
        queryMode: 'extended',
      })
      results.push({
        fields:
          result.fields.length === 0
            ? undefined
            : result.fields.map((f) => ({ name: f.name, typeOid: f.dataTypeID })),
        rows: result.rows,
        command: [result.command ?? '', result.rowCount ?? ''].join(' ').trim(),
      })
    } catch (error) {
      // Not the server's answer (the connection broke): the worker reports it as a failure to reach the server.
      if (sqlStateOf(error) === undefined) throw error
      for (const recovery of onError)
        await client.query({ text: recovery.text, values: recovery.params }).catch(() => undefined)
      return { kind: 'ran', results, error: serverError(error as Error & Record<string, unknown>) }
    }
  }
  return { kind: 'ran', results, error: undefined }
}

function serverError(error: Error & Record<string, unknown>): ServerError {
  const text = (key: string): string | undefined => (typeof error[key] === 'string' ? error[key] : undefined)
  const position = text('position')
  return {
    sqlState: text('code') ?? 'XX000',
    message: error.message,
    detail: text('detail'),
    hint: text('hint'),
    position: position === undefined ? undefined : Number(position),
  }
}

function connection(id: number): Promise<PgClient> {
  let client = connections.get(id)
  if (client === undefined) {
    client = open()
    connections.set(id, client)
    // A connection that failed to open is tried again on the next request.
    client.catch(() => connections.delete(id))
  }
  return client
}

async function open(): Promise<PgClient> {
  pg ??= import('pg').then((module) => {
    const loaded = module as unknown as { default?: PgModule } & PgModule
    return loaded.default ?? loaded
  })
  const { Client } = await pg
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  // A connection the server drops fails its next query; the error event must not end the thread.
  client.on('error', () => undefined)
  await client.connect()
  for (const setting of settings) await client.query({ text: setting })
  return client
}

async function close(id: number): Promise<void> {
  const client = connections.get(id)
  connections.delete(id)
  await (await client?.catch(() => undefined))?.end()
}
