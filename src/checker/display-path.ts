import { relative, sep } from 'node:path'

/** A file as reports name it: relative to the working directory, with `/` separators on every platform. */
export function displayPath(cwd: string, file: string): string {
  return relative(cwd, file).split(sep).join('/')
}
