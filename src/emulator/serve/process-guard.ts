/**
 * While the emulator listens, a mistake in logic must not end the process: dynamic logic, TypeScript logic
 * functions and plugin code run in this process (the library in scope), where a promise rejection nobody handles,
 * or a throw from a timer, would end Node with exit 1 and take every other caller down with it. The platform
 * runs logic in threads where none of this stops the server. So, from `listen` to `close`, such an error is
 * reported (one line to the console, stderr) and the emulator keeps
 * answering.
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
  const onRejection = (reason: unknown): void =>
    report(
      `emulator: a promise rejection nobody handled (logic or plugin code that neither awaited nor caught it); the emulator keeps running: ${describe(reason)}`,
    )
  const onException = (error: unknown): void =>
    report(
      `emulator: an error thrown outside any request (from a timer or callback of logic or plugin code); the emulator keeps running: ${describe(error)}`,
    )
  process.on('unhandledRejection', onRejection)
  process.on('uncaughtException', onException)
  return () => {
    process.off('unhandledRejection', onRejection)
    process.off('uncaughtException', onException)
  }
}

/** An error as one line: its name, message and the first frame of its stack. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const frame = error.stack?.split('\n').find((line) => line.trimStart().startsWith('at '))
  return `${error.name}: ${error.message}${frame === undefined ? '' : ` (${frame.trim()})`}`
}
