import { WireError } from '../wire/wire-error.js'

/**
 * The outcome of dynamic logic or a controller handler, or, once `timeoutMs` (the `logicTimeoutMs` option)
 * passes without one, a 500 naming `what`. The code is not stopped (a promise cannot be), only no longer
 * waited for, so what it writes later still lands. The timer does not keep the process alive.
 *
 * @param what - Who did not settle, for the message (`DynamicLogic 'sum' of DynamicServiceProvider 'sum'`).
 * @internal
 */
export function withinLogicTimeout<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new WireError(
            'InternalError',
            `${what} did not settle within ${timeoutMs} ms (logicTimeoutMs); it may still be running, and what it writes later still lands. ` +
              'Make it return or throw, or raise logicTimeoutMs in the emulator options.',
          ),
        ),
      timeoutMs,
    )
    timer.unref()
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}
