#!/usr/bin/env node
/**
 * The `vendor-api` command: `vendor-api check [paths]`, `vendor-api check-bundle <files>`,
 * `vendor-api serve`, `vendor-api export` and `vendor-api types`. See `vendor-api --help`, docs/ci.md and docs/emulator.md.
 *
 * @module
 */
import process from 'node:process'
import { main } from './main.js'

const io = {
  stdout: (text: string) => void process.stdout.write(text),
  stderr: (text: string) => void process.stderr.write(text),
  cwd: process.cwd(),
}
const [command, ...rest] = process.argv.slice(2)

if (command === 'serve') {
  // Loaded only here, so that `check` never loads the emulator's dependencies.
  // Listening for the signals from the start: one that comes while the emulator starts stops it once started.
  const stopped = new Promise<string>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => resolve(signal))
    // `npx vendor-api serve` runs this under `sh -c`, and npm passes a SIGTERM to that shell, which ends without
    // passing it on: this process is then orphaned. Stop when the parent is gone, as a dev server should.
    const parent = process.ppid
    setInterval(() => {
      if (process.ppid !== parent) resolve('its parent process ended')
    }, 250).unref()
  })
  const { serveCommand } = await import('../emulator/serve/serve-command.js')
  // Exit once the emulator has closed, even if a plugin left a handle open.
  process.exit(await serveCommand(rest, { ...io, stopSignal: () => stopped }))
} else if (command === 'export') {
  // Loaded only here, as serve: it opens the emulator on its kept data.
  const { exportCommand } = await import('../emulator/serve/export-command.js')
  process.exitCode = await exportCommand(rest, io)
} else if (command === 'types') {
  // Loaded only here, as serve: it reads the emulator's config.
  const { typesCommand } = await import('../emulator/typegen/types-command.js')
  process.exitCode = await typesCommand(rest, io)
} else {
  process.exitCode = main(process.argv.slice(2), io)
}
