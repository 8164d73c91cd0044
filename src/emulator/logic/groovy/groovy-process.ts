import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { GroovyInstallation } from './groovy-installation.js'
import { SERVER_SCRIPT } from './groovy-runtime-folder.js'

/** A message of the protocol (docs/emulator.md, "Groovy logic"): one JSON object a line. */
export type ProtocolMessage = Readonly<Record<string, unknown>> & { readonly type: string }

/** How one running call hears from the JVM. */
export interface CallListener {
  /** A facade call of the script: answer with the value, or throw to fail it in the script. */
  onCall(target: string, op: string, args: unknown): unknown
  onLog(level: string, message: string): void
  onResult(result: ProtocolMessage): void
}

/** JVM options for a quick start: a small heap, client-grade compilation, the serial collector. */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss4m', '-Dfile.encoding=UTF-8']

/**
 * The long-lived JVM of one emulator: started once, it runs every Groovy call, each identified by an id, and
 * sends a script's facade calls back mid-call. Lines of its stderr (the JVM's own complaints) are kept, to say
 * why it stopped.
 *
 * @internal
 */
export class GroovyProcess {
  readonly #child: ChildProcessWithoutNullStreams
  readonly #calls = new Map<string, CallListener>()
  readonly #stderr: string[] = []
  readonly ready: Promise<{ readonly groovyVersion: string; readonly javaVersion: string }>
  #exited: string | undefined
  #onExit: ((error: Error) => void) | undefined

  /**
   * Starts the JVM and describes the application's domains to it (`init`).
   *
   * @param domains - Each application domain's field names.
   */
  constructor(
    installation: GroovyInstallation,
    runtimeFolder: string,
    domains: Readonly<Record<string, readonly string[]>>,
  ) {
    this.#child = spawn(
      installation.java,
      [
        ...JVM_OPTIONS,
        '-cp',
        [...installation.classPath, runtimeFolder].join(':'),
        'groovy.ui.GroovyMain',
        SERVER_SCRIPT,
      ],
      { cwd: runtimeFolder, stdio: ['pipe', 'pipe', 'pipe'] },
    )
    this.#child.stdin.on('error', () => undefined)
    createInterface({ input: this.#child.stderr }).on('line', (line) => {
      this.#stderr.push(line)
      if (this.#stderr.length > 40) this.#stderr.shift()
    })
    this.ready = new Promise((resolve, reject) => {
      this.#onExit = reject
      createInterface({ input: this.#child.stdout }).on('line', (line) => {
        let message: ProtocolMessage
        try {
          message = JSON.parse(line) as ProtocolMessage
        } catch {
          this.#stderr.push(line)
          return
        }
        if (message.type === 'ready')
          resolve(message as unknown as { groovyVersion: string; javaVersion: string })
        else this.#dispatch(message)
      })
    })
    // A start that fails is reported by the call that waits for it; nobody may be waiting yet.
    this.ready.catch(() => undefined)
    const exited = (reason: string): void => {
      if (this.#exited !== undefined) return
      this.#exited = reason
      this.#onExit?.(new Error(reason))
      for (const [id, listener] of this.#calls) {
        listener.onResult({ type: 'result', id, ok: false, error: { kind: 'jvm', message: reason } })
      }
      this.#calls.clear()
    }
    this.#child.on('error', (error) => exited(`the JVM could not start: ${error.message}`))
    this.#child.on('exit', (code, signal) =>
      exited(
        `the JVM stopped (${signal ?? `exit code ${code}`})${this.#stderr.length > 0 ? `; it said: ${this.#stderr.slice(-8).join(' | ')}` : ''}`,
      ),
    )
    this.#send({ type: 'init', domains })
  }

  /** Why the JVM is gone, or `undefined` while it runs. */
  get exited(): string | undefined {
    return this.#exited
  }

  /** Starts a call; its result and mid-call messages go to `listener`. */
  run(message: ProtocolMessage & { readonly id: string }, listener: CallListener): void {
    if (this.#exited !== undefined) {
      listener.onResult({
        type: 'result',
        id: message.id,
        ok: false,
        error: { kind: 'jvm', message: this.#exited },
      })
      return
    }
    this.#calls.set(message.id, listener)
    this.#hold()
    this.#send(message)
  }

  /** Stops a call past its time; its result, should it still come, is dropped. */
  cancel(id: string): void {
    this.#calls.delete(id)
    this.#hold()
    this.#send({ type: 'cancel', id })
  }

  /** Stops the JVM: its stdin closes (it exits by itself), and a JVM that lingers is killed. */
  async close(): Promise<void> {
    if (this.#exited !== undefined) return
    const gone = new Promise<void>((resolve) => this.#child.once('exit', () => resolve()))
    this.#child.stdin.end()
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), 2000)
    await gone
    clearTimeout(timer)
  }

  #dispatch(message: ProtocolMessage): void {
    const id = String(message['id'])
    const listener = this.#calls.get(id)
    if (message.type === 'call') {
      const base = { type: 'reply', id, call: message['call'] }
      if (listener === undefined) {
        this.#send({
          ...base,
          ok: false,
          error: { type: 'IllegalStateException', message: 'the call is over' },
        })
        return
      }
      try {
        const value = listener.onCall(String(message['target']), String(message['op']), message['args'])
        this.#send({ ...base, ok: true, value: value ?? null })
      } catch (error) {
        const e = error as { name?: string; message?: string; errors?: unknown }
        this.#send({
          ...base,
          ok: false,
          error: {
            type: e.name ?? 'Error',
            message: e.message ?? String(error),
            errors: Array.isArray(e.errors) ? e.errors.map(String) : [],
          },
        })
      }
    } else if (message.type === 'log') {
      listener?.onLog(String(message['level']), String(message['message']))
    } else if (message.type === 'result') {
      this.#calls.delete(id)
      this.#hold()
      listener?.onResult(message)
    }
  }

  /**
   * Keeps Node running while a call waits for the JVM, and only then: an idle JVM does not keep a program alive
   * that forgot `emulator.close()` (its stdin closes with the program, and the JVM ends by itself).
   */
  #hold(): void {
    const busy = this.#calls.size > 0
    for (const stream of [this.#child.stdin, this.#child.stdout, this.#child.stderr]) {
      const handle = stream as unknown as { ref?: () => void; unref?: () => void }
      if (busy) handle.ref?.()
      else handle.unref?.()
    }
    if (busy) this.#child.ref()
    else this.#child.unref()
  }

  #send(message: ProtocolMessage): void {
    if (this.#exited !== undefined) return
    this.#child.stdin.write(`${JSON.stringify(message)}\n`)
  }
}
