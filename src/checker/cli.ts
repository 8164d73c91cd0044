#!/usr/bin/env node
/**
 * The `vendor-api` command: `vendor-api check [paths]` and `vendor-api check-bundle <files>`. See
 * `vendor-api --help` and docs/ci.md.
 *
 * @module
 */
import process from 'node:process'
import { main } from './main.js'

process.exitCode = main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
})
