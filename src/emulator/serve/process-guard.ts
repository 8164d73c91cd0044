import { runsForHost } from '../../testing/host/host-context.js'

/**
 * While the emulator listens, a mistake in logic must not end the process: dynamic logic, TypeScript logic
 * functions and plugin code run in this process (the library in scope), where a promise rejection nobody handles,
 * or a throw from a timer, would end Node with exit 1 and take every other caller down with it. The platform
 * runs logic in threads where none of this stops the server. So, from `listen` to `close`, such an error is
 * reported (one line to the console, stderr) and the emulator keeps
 * answering.
 *
 * A rejection made by the host's work (logic, a task, plugin code) reaches the host first, which reports it
 * through its `onError` ({@link strayWorkLine}); this guard takes the rest.
 *
 * Node has no per-call hook for these: the handlers are the process's own (`unhandledRejection`,
 * `uncaughtException`), so while the emulator listens they also catch such errors of other code in the process.
 * They are removed at `close`, leaving Node's default behaviour as it was.
 *
 * @param report - Where a line about each error goes.
 * @returns What removes the handlers.
 * @internal
 */
export function guardProcess(report: (line: string) => void): () => void {
  const onRejection = (reason: unknown): void => {
    // The host's own listener has sent it to the host's onError already.
    if (runsForHost()) return
    report(
      `emulator: a promise rejection nobody handled (logic or plugin code that neither awaited nor caught it); the emulator keeps running: ${describeError(reason)}`,
    )
  }
  const onException = (error: unknown): void =>
    report(
      `emulator: an error thrown outside any request (from a timer or callback of logic or plugin code); the emulator keeps running: ${describeError(error)}`,
    )
  process.on('unhandledRejection', onRejection)
  process.on('uncaughtException', onException)
  return () => {
    process.off('unhandledRejection', onRejection)
    process.off('uncaughtException', onException)
  }
}

/**
 * The line for an error of work that logic or plugin code left running (an `AsyncHelper` task that threw, a
 * promise it neither awaited nor caught), which the host sends to its `onError` once the request is over.
 *
 * @internal
 */
export function strayWorkLine(error: unknown): string {
  return `emulator: work that logic or plugin code left running failed (an AsyncHelper task, or a promise nobody awaited or caught); the emulator keeps running: ${describeError(error)}`
}

/**
 * A `JAVASCRIPT_CODE` logic's frame: its code is compiled with `//# sourceURL=DynamicLogic/<name>` (the name
 * URI-encoded), and its first line is the third of the function the engine builds (ECMAScript's
 * CreateDynamicFunction puts the parameters on the first two).
 */
const LOGIC_FRAME = /DynamicLogic\/(\S+):(\d+):\d+\)?$/

/**
 * An error as one line: its name, message and where it was thrown: the `DynamicLogic` and line when a
 * `JAVASCRIPT_CODE` logic threw it, else the first frame of its stack.
 *
 * @internal
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const frames = (error.stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at '))
  let where = frames[0]
  for (const frame of frames) {
    const logic = LOGIC_FRAME.exec(frame)
    if (logic === null) continue
    where = `in DynamicLogic '${decodeURIComponent(logic[1] ?? '')}', line ${Number(logic[2]) - 2}`
    break
  }
  return `${error.name}: ${error.message}${where === undefined ? '' : ` (${where})`}`
}
