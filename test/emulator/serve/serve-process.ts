import { spawn, type ChildProcess } from 'node:child_process'
import { repoRoot } from '../../packaging/built-package.js'

/** A `vendor-api serve` process, once it printed its base URL. */
export interface ServeProcess {
  readonly child: ChildProcess
  /** The base URL it printed, ending in `/api`. */
  readonly url: string
  /** What it wrote so far, stdout and stderr together. */
  readonly output: () => string
  /** Its exit code, once it exits. */
  readonly exit: Promise<number | null>
}

/**
 * Starts `vendor-api serve` from the built bin as a process of its own, and resolves when it prints its base URL
 * (on stdout, or on stderr with `--log json`); rejects with its output when it exits first.
 *
 * @param bin - The built `checker/cli.js`.
 * @param args - The arguments after `serve`.
 * @param started - Where the child goes, so that the test can kill it afterwards.
 */
export function serveProcess(
  bin: string,
  args: readonly string[],
  started: ChildProcess[],
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [bin, 'serve', ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  let output = ''
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      output += chunk.toString()
      const url = /listening at (http:\/\/\S+\/api)/.exec(output)?.[1]
      if (url !== undefined) resolve({ child, url, output: () => output, exit })
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    void exit.then((code) => reject(new Error(`vendor-api serve exited with ${code}:\n${output}`)))
  })
}
